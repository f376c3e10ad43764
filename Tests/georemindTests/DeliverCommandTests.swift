import Delivery
import Foundation
import Synchronization
import TestSupport
import Testing

/// `feed` fills the outbox, `webhook` manages endpoints, `deliver` posts; a kill -9 loses nothing.
@Suite struct DeliverCommandTests {
    let sandbox: CLISandbox
    let commute = CLISandbox.fixture("cli/commute.csv")
    let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

    init() throws {
        sandbox = try CLISandbox()
        _ = try sandbox.add("Leave work", "--at", "Work", "--when", "leaving")
        _ = try sandbox.add("Call mum", "--alarm", "2026-11-24T01:30:00Z")
        _ = try sandbox.add("Buy milk", "--at", "Grocery Store")
    }

    /// Starts `georemind deliver` in the background.
    func startDeliver(_ arguments: String...) throws -> Process {
        try sandbox.start(["deliver"] + arguments)
    }

    @Test func endpointsAreManagedAndAReplayedFeedAddsNothing() throws {
        #expect(
            try sandbox.ok(
                "webhook", "add", "http://127.0.0.1:9/hook", "--secret", secret, "--events", "alarm.leave,alarm.arrive",
                "--no-late")
                == "webhook 1 http://127.0.0.1:9/hook\nsecret \(secret)\n")
        let generated = try sandbox.ok("webhook", "add", "https://example.invalid/h").split(separator: "\n")
        #expect(generated.first == "webhook 2 https://example.invalid/h")
        #expect(try WebhookSecret(parsing: String(generated[1].dropFirst("secret ".count))).key.count == 32)
        _ = try sandbox.run("feed", commute)
        _ = try sandbox.run("feed", commute)
        // Three firings, once: every one of them to endpoint 2, none late-filtered.
        #expect(try sandbox.ok("webhook", "replay", "--since", "2026-11-24T00:00:00Z", "--endpoint", "2") == "queued 3 deliveries\n")
        #expect(
            try sandbox.ok("webhook", "list") == """
                #  URL                        EVENTS                              LAST STATUS  LAST SUCCESS  PENDING  FAILING SINCE
                1  http://127.0.0.1:9/hook    alarm.leave,alarm.arrive (no late)  -            -             0        -
                2  https://example.invalid/h  alarm.*                             -            -             3        -

                """)
        #expect(try sandbox.ok("webhook", "remove", "https://example.invalid/h") == "removed webhook 2 https://example.invalid/h\n")
        #expect(
            try sandbox.run("webhook", "remove", "7")
                == CLIResult(
                    stdout: "", stderr: "error: no webhook endpoint is '7'; `webhook list` shows them\n", status: 1))
        #expect(
            try sandbox.run("webhook", "add", "ftp://host/x")
                == CLIResult(
                    stdout: "", stderr: "error: 'ftp://host/x' is not a webhook URL: it must start with http:// or https://\n", status: 64))
        #expect(
            try sandbox.run("webhook", "add", "http://h/x", "--events", "reminder.*")
                == CLIResult(
                    stdout: "",
                    stderr: "error: --events: 'reminder.*' matches no event type; use alarm.*, alarm.arrive, alarm.leave or alarm.time\n",
                    status: 64))
        #expect(
            try sandbox.run("webhook", "replay", "evt_nope")
                == CLIResult(
                    stdout: "", stderr: "error: the outbox has no event evt_nope (it may have been pruned)\n", status: 1))
    }

    @Test func killedWithDeliveriesPendingDeliversAfterRestart() async throws {
        let receiver = try await WebhookReceiver(script: Array(repeating: 500, count: 1000))
        _ = try sandbox.ok("webhook", "add", receiver.url, "--secret", secret)
        _ = try sandbox.run("feed", commute)
        // Killed by the receiver as the third attempt arrives, so the retry delay is the third's
        // whatever the test's own task is doing (a late kill meant minutes of backoff to wait out).
        let sender = ProcessID()
        receiver.whenReceived { count in
            let pid = sender.value.load(ordering: .acquiring)
            if count >= 3, pid > 0 { kill(pid, SIGKILL) }
        }
        let first = try startDeliver("--retry-base", "0.1s", "--timeout", "2s")
        sender.value.store(first.processIdentifier, ordering: .releasing)
        if receiver.requests.count >= 3 { kill(first.processIdentifier, SIGKILL) }
        first.waitUntilExit()
        #expect(first.terminationReason == .uncaughtSignal)
        #expect(receiver.requests.allSatisfy { $0.status == 500 })
        receiver.whenReceived { _ in }
        receiver.answer(with: [])
        let second = try startDeliver("--retry-base", "0.1s", "--timeout", "2s")
        let requests = try await receiver.wait(timeout: 60) { $0.filter { $0.status == 200 }.count == 3 }
        kill(second.processIdentifier, SIGTERM)
        second.waitUntilExit()
        #expect(second.terminationStatus == 0)
        let accepted = requests.filter { $0.status == 200 }
        // One device's queue (the trace names none): the three events in the order they fired, each once.
        #expect(
            accepted.compactMap { String(decoding: $0.body, as: UTF8.self).split(separator: "\"type\":\"").last }
                == ["alarm.leave\"}", "alarm.time\"}", "alarm.arrive\"}"])
        #expect(Set(accepted.map(\.id)).count == 3)
        let key = try WebhookSecret(parsing: secret)
        for request in requests {
            try WebhookSignature.verify(
                id: request.id, timestamp: request.timestamp, signature: request.signature,
                body: request.body, secret: key)
        }
        let list = try sandbox.ok("webhook", "list")
        #expect(list.contains("  200  ") && list.contains("  0        -"))
        try await receiver.stop()
    }

    /// `deliver --store postgres://...` sends from a migrated store on a real PostgreSQL; a second
    /// pass finds nothing left to send.
    @Test(.enabled(if: CLISandbox.usesStoreFile, "migrates from the store file"))
    func deliversFromAPostgreSQLStore() async throws {
        let receiver = try await WebhookReceiver()
        _ = try sandbox.ok("webhook", "add", receiver.url, "--secret", secret)
        _ = try sandbox.run("feed", commute)
        let server = try PostgresServer()
        let shared = try server.createDatabase("fleet")
        _ = try sandbox.ok("migrate", "--from", sandbox.storePath, "--to", shared)
        #expect(try sandbox.ok("deliver", "--once", "--store", shared) == "delivered 3, retrying 0, gave up 0, disabled 0\n")
        #expect(try sandbox.ok("deliver", "--once", "--store", shared) == "delivered 0, retrying 0, gave up 0, disabled 0\n")
        #expect(receiver.requests.count == 3 && Set(receiver.requests.map(\.id)).count == 3)
        #expect(try server.psql("SELECT cursor, lastStatus FROM webhookEndpoint", database: "fleet") == "3|200\n")
        server.stop()
        try await receiver.stop()
    }
}

/// A process's id, shared with a callback on another thread before the process is started.
private final class ProcessID: Sendable {
    let value = Atomic<Int32>(0)
}
