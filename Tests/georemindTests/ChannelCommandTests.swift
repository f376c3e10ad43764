import Foundation
import TestSupport
import Testing

/// `georemind channel` and the channels' deliveries from `serve`, end to end, on either engine.
@Suite(.serialized) struct ChannelCommandTests {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    @Test func channelsAreAddedListedTestedAndRemovedWithoutShowingSecrets() async throws {
        let receiver = try await WebhookReceiver()
        let topic = "http://127.0.0.1:\(receiver.port)/groceries"
        #expect(try sandbox.ok("channel", "add", "ntfy", topic, "--token", "tk_hidden") == "channel ntfy-1 ntfy \(topic)\n")
        #expect(
            try sandbox.ok("channel", "add", "apprise", "https://apprise.example.org/notify/family", "--name", "family")
                == "channel family apprise https://apprise.example.org/notify/family\n")
        #expect(try sandbox.ok("channel", "add", "email", "anna@example.org") == "channel email-3 email anna@example.org\n")
        let list = try sandbox.ok("channel", "list")
        #expect(list.hasPrefix("NAME     KIND     TARGET"))
        #expect(list.contains("ntfy-1   ntfy     \(topic) (token)"))
        #expect(!list.contains("tk_hidden"))
        #expect(list.contains("family   apprise  https://apprise.example.org/notify/family"))
        // Channels are not webhooks.
        #expect(try sandbox.ok("webhook", "list") == "no webhooks; `georemind webhook add URL` adds one\n")
        #expect(try sandbox.ok("channel", "test", "ntfy-1") == "HTTP 200\n")
        let test = try #require(receiver.requests.first)
        #expect(test.headers["title"] == "georemind test" && test.headers["authorization"] == "Bearer tk_hidden")
        #expect(try sandbox.ok("channel", "remove", "family") == "removed channel family\n")
        #expect(
            try sandbox.run("channel", "remove", "family")
                == CLIResult(stdout: "", stderr: "error: no channel is 'family'; `channel list` shows them\n", status: 1))
        #expect(try sandbox.run("channel", "add", "pager", "x").status == 64)
        #expect(
            try sandbox.ok("channel", "test", "email-3")
                == "an e-mail channel is tested through a mail server: give --smtp smtp://USER:PASSWORD@HOST:587\n")
        try await receiver.stop()
    }

    /// A trace posted to `serve` crosses a place: the ntfy receiver gets the alert with its
    /// headers, and the Done link completes the reminder once; the second follow is 410.
    @Test func serveSendsNtfyAlertWhoseDoneLinkCompletesOnce() async throws {
        let receiver = try await WebhookReceiver()
        let token = try sandbox.ok("token", "create", "phones", "--scope", "ingest").trimmingCharacters(in: .newlines)
        let id = try sandbox.add("Buy bread", "--latitude", "14.0", "--longitude", "20.0", "--radius", "100", "--priority", "high")
        _ = try sandbox.ok("channel", "add", "ntfy", "http://127.0.0.1:\(receiver.port)/groceries")
        // A free port known beforehand, so serve's default public URL (its Done links) is right.
        let probe = try await WebhookReceiver()
        let port = probe.port
        try await probe.stop()
        let server = try ServerProcess(sandbox, arguments: ["--port", "\(port)", "--retry-base", "0.1s"])
        let now = Int(Date().timeIntervalSince1970)
        for (t, lon) in [(now - 60, 20.01), (now, 20.0)] {
            let reply = try await server.send(
                "POST", "/owntracks",
                body: #"{"_type":"location","acc":10,"lat":14.0,"lon":\#(lon),"tid":"an","tst":\#(t)}"#,
                headers: ["Authorization": ServerProcess.basic("ann", token), "Content-Type": "application/json"])
            #expect(reply.status == 200)
        }
        let requests = try await receiver.wait(timeout: 60) { !$0.isEmpty }
        let alert = try #require(requests.first)
        #expect(alert.path == "/groceries")
        #expect(alert.headers["title"] == "Buy bread")
        #expect(alert.headers["priority"] == "4")
        #expect(alert.headers["click"] == "geo:14,20")
        #expect(String(decoding: alert.body, as: UTF8.self).hasSuffix(", arriving"))
        let actions = try #require(alert.headers["actions"])
        let prefix = "http, Done, http://127.0.0.1:\(port)"
        #expect(actions.hasPrefix(prefix + "/api/v1/actions/done?"))
        let path = String(actions.dropFirst(prefix.count).prefix { $0 != "," })
        let first = try await server.send("POST", path)
        #expect(first.status == 200 && first.body.contains(#""outcome":"completed""#), "\(first.body)")
        let second = try await server.send("POST", path)
        #expect(second.status == 410)
        let forged = try await server.send("POST", path.replacingOccurrences(of: "signature=", with: "signature=x"))
        #expect(forged.status == 403)
        #expect(try sandbox.ok("show", id, "--json").replacingOccurrences(of: " ", with: "").contains(#""isCompleted":true"#))
        #expect(server.stop() == 0)
        #expect(!server.log.contains("signature="))
        try await receiver.stop()
    }

    /// `serve` killed with -9 after an alarm fired and before any channel delivered it: the restarted
    /// server delivers it to the ntfy topic and as one e-mail (a real aiosmtpd), and fires nothing again.
    @Test func anAlertFiredBeforeSIGKILLReachesEveryChannelAfterRestart() async throws {
        let topic = try await WebhookReceiver(script: Array(repeating: 500, count: 1000))
        let mailPort = try await Self.freePort()
        let token = try sandbox.ok("token", "create", "phones", "--scope", "ingest").trimmingCharacters(in: .newlines)
        _ = try sandbox.add("Buy bread", "--latitude", "14.0", "--longitude", "20.0", "--radius", "100")
        _ = try sandbox.ok("channel", "add", "ntfy", "http://127.0.0.1:\(topic.port)/groceries")
        _ = try sandbox.ok("channel", "add", "email", "anna@example.org")
        // Nothing listens for mail yet: the e-mail channel's attempts fail, and are retried.
        // A port known beforehand: the alerts' Done links (which carry the event id) name serve's address.
        let arguments = [
            "--port", "\(try await Self.freePort())", "--retry-base", "0.1s", "--timeout", "2s",
            "--smtp", "smtp://127.0.0.1:\(mailPort)?from=alerts@example.org",
        ]
        let first = try ServerProcess(sandbox, arguments: arguments)
        // Killed by the receiver as the first ntfy attempt arrives: fired, committed, not delivered.
        let pid = first.process.processIdentifier
        topic.whenReceived { _ in kill(pid, SIGKILL) }
        let now = Int(Date().timeIntervalSince1970)
        for (t, lon) in [(now - 60, 20.01), (now, 20.0)] {
            let reply = try await first.send(
                "POST", "/owntracks",
                body: #"{"_type":"location","acc":10,"lat":14.0,"lon":\#(lon),"tid":"an","tst":\#(t)}"#,
                headers: ["Authorization": ServerProcess.basic("ann", token), "Content-Type": "application/json"])
            #expect(reply.status == 200)
        }
        first.process.waitUntilExit()
        #expect(first.process.terminationReason == .uncaughtSignal)
        #expect(topic.requests.count == 1 && topic.requests.allSatisfy { $0.status == 500 })

        topic.whenReceived { _ in }
        topic.answer(with: [])
        let smtpd = try MailboxServer(port: mailPort, folder: sandbox.folder)
        defer { smtpd.stop() }
        let second = try ServerProcess(sandbox, arguments: arguments)
        func mailFiles() -> [String] { (try? smtpd.messages()) ?? [] }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !(topic.requests.contains { $0.status == 200 } && !mailFiles().isEmpty) {
            try await Task.sleep(for: .milliseconds(100))
        }
        // Both channels' queues empty: nothing more is on its way.
        let listed = try sandbox.ok("channel", "list")
        #expect(second.stop() == 0)
        let rows = listed.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        // NAME KIND TARGET LAST-STATUS LAST-SUCCESS PENDING FAILING-SINCE
        #expect(rows.first { $0.first == "ntfy-1" }.map { [$0[3], $0[5], $0[6]] } == ["200", "0", "-"], "\(listed)")
        #expect(rows.first { $0.first == "email-2" }.map { [$0[3], $0[5], $0[6]] } == ["250", "0", "-"], "\(listed)")

        // The one event: every ntfy attempt is its alert, one of them accepted; one e-mail, threaded by its id.
        let events = topic.requests.compactMap { request in
            request.headers["actions"].flatMap { $0.range(of: "event=") }.map { range in
                String(request.headers["actions"]![range.upperBound...].prefix { $0 != "&" })
            }
        }
        #expect(events.count == topic.requests.count && Set(events).count == 1)
        #expect(topic.requests.filter { $0.status == 200 }.count == 1)
        #expect(topic.requests.allSatisfy { $0.headers["title"] == "Buy bread" })
        let mails = mailFiles()
        #expect(mails.count == 1)
        let mail = try #require(mails.first)
        #expect(mail.contains("Message-ID: <\(try #require(events.first))@georemind>"))
        try await topic.stop()
    }

    /// `channel replay` sends an alert to one channel again (by event id or from an instant on),
    /// and to no other channel.
    @Test func aReplayedEventGoesAgainToThatChannelOnly() async throws {
        let receiver = try await WebhookReceiver()
        _ = try sandbox.add("Buy milk", "--at", "Grocery Store")
        _ = try sandbox.ok("channel", "add", "ntfy", "http://127.0.0.1:\(receiver.port)/mine")
        _ = try sandbox.ok("channel", "add", "ntfy", "http://127.0.0.1:\(receiver.port)/family", "--name", "family")
        let fired = try sandbox.run("feed", "--json", CLISandbox.fixture("cli/commute.csv")).stdout
        let event = try #require(fired.split(separator: "\"id\":\"").dropFirst().first?.prefix { $0 != "\"" })
        #expect(try sandbox.ok("deliver", "--once") == "delivered 2, retrying 0, gave up 0, disabled 0\n")
        #expect(try sandbox.ok("channel", "replay", "ntfy-1", String(event)) == "queued 1 delivery\n")
        #expect(try sandbox.ok("deliver", "--once") == "delivered 1, retrying 0, gave up 0, disabled 0\n")
        #expect(try sandbox.ok("channel", "replay", "family", "--since", "2026-11-24T01:32:00Z") == "queued 1 delivery\n")
        #expect(try sandbox.ok("channel", "replay", "family", "--since", "2026-11-24T01:32:01Z") == "queued 0 deliveries\n")
        #expect(try sandbox.ok("deliver", "--once") == "delivered 1, retrying 0, gave up 0, disabled 0\n")
        #expect(receiver.requests.map(\.path).sorted() == ["/family", "/family", "/mine", "/mine"])
        #expect(receiver.requests.allSatisfy { $0.headers["title"] == "Buy milk" })
        #expect(
            try sandbox.run("channel", "replay", "nope", String(event))
                == CLIResult(stdout: "", stderr: "error: no channel is 'nope'; `channel list` shows them\n", status: 1))
        #expect(
            try sandbox.run("channel", "replay", "family", "evt_nope")
                == CLIResult(stdout: "", stderr: "error: the outbox has no event evt_nope (it may have been pruned)\n", status: 1))
        #expect(try sandbox.run("channel", "replay", "family").status == 64)
        try await receiver.stop()
    }

    /// A loopback port nothing listens on (bound, then closed).
    static func freePort() async throws -> Int {
        let probe = try await WebhookReceiver()
        try await probe.stop()
        return probe.port
    }

    /// `/api/v1/channels`: the same channels as the command line, tokens never shown back.
    @Test func theRESTAPIManagesChannels() async throws {
        let full = try sandbox.ok("token", "create", "admin", "--scope", "full").trimmingCharacters(in: .newlines)
        let read = try sandbox.ok("token", "create", "viewer", "--scope", "read").trimmingCharacters(in: .newlines)
        _ = try sandbox.ok("channel", "add", "email", "anna@example.org", "--name", "anna")
        let server = try ServerProcess(sandbox)
        let json = ["Authorization": "Bearer \(full)", "Content-Type": "application/json"]
        let created = try await server.send(
            "POST", "/api/v1/channels",
            body: #"{"kind":"ntfy","target":"https://ntfy.example.org/groceries","token":"tk_hidden","name":"shop"}"#, headers: json)
        #expect(created.status == 201, "\(created.body)")
        #expect(
            created.body
                == #"{"disabled":false,"hasToken":true,"kind":"ntfy","name":"shop","pending":0,"target":"https://ntfy.example.org/groceries"}"#
        )
        let refused = try await server.send(
            "POST", "/api/v1/channels", body: #"{"kind":"pager","target":"x"}"#, headers: json)
        #expect(refused.status == 422)
        let taken = try await server.send(
            "POST", "/api/v1/channels", body: #"{"kind":"email","target":"bob@example.org","name":"shop"}"#, headers: json)
        #expect(taken.status == 409)
        let forbidden = try await server.send(
            "POST", "/api/v1/channels", body: #"{"kind":"email","target":"bob@example.org"}"#,
            headers: ["Authorization": "Bearer \(read)"])
        #expect(forbidden.status == 403)
        let listed = try await server.send("GET", "/api/v1/channels", headers: ["Authorization": "Bearer \(read)"])
        #expect(listed.status == 200 && !listed.body.contains("tk_hidden"))
        #expect(listed.body.contains(#""name":"anna""#) && listed.body.contains(#""name":"shop""#))
        let removed = try await server.send("DELETE", "/api/v1/channels/anna", headers: json)
        #expect(removed.status == 204)
        let gone = try await server.send("DELETE", "/api/v1/channels/anna", headers: json)
        #expect(gone.status == 404)
        #expect(server.stop() == 0)
        #expect(try sandbox.ok("channel", "list").contains("shop"))
    }
}
