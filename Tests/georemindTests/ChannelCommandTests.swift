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
