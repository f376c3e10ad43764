import Delivery
import Foundation
import GeoReminders
import GeofenceEngine
import TestSupport
import Testing

/// The e-mail channel through the outbox, to a real SMTP server on loopback: Debian's aiosmtpd
/// (python3-aiosmtpd, scripts/install-deps) writing what it receives to a maildir.
/// Serialized: each test starts a Python mail server (and openssl), and six at once on a small
/// machine starve the timing-sensitive delivery tests running beside them.
@Suite(.serialized) struct EmailChannelTests {
    @Test func anAlertArrivesAsPlainTextAndHTMLWithItsMessageID() async throws {
        let maildir = try temporaryDirectory().appendingPathComponent("mail")
        let probe = try await WebhookReceiver()
        let port = probe.port
        try await probe.stop()
        let smtpd = Process()
        smtpd.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        smtpd.arguments = ["-m", "aiosmtpd", "-n", "-l", "127.0.0.1:\(port)", "-c", "aiosmtpd.handlers.Mailbox", maildir.path]
        smtpd.standardOutput = FileHandle.nullDevice
        smtpd.standardError = FileHandle.nullDevice
        try smtpd.run()
        defer { stopServer(smtpd) }

        let store = try ReminderStore.inMemory()
        let channel = try store.addChannel(kind: .email, target: "anna@example.org")
        let place = StructuredLocation(title: "Office", latitude: 48.8566, longitude: 2.3522)
        let alarm = Alarm(trigger: .location(location: place, proximity: .enter))
        let reminder = try store.save(Reminder(title: "Buy bread", priority: 1, alarms: [alarm]))
        let time = Date(timeIntervalSince1970: 1_795_000_000)
        let event = AlarmEvent(
            time: time, kind: .enter,
            reminder: .init(id: reminder.id, title: reminder.title, priority: 1, creationDate: reminder.creationDate),
            alarm: alarm, location: place,
            fix: Fix(time: time, latitude: 48.8566, longitude: 2.3522, accuracy: 5, device: "phone"), distance: 0)
        try store.commitEvaluation(firedEvents: [event], lateAfter: 900, state: Data(), forKey: "test") {}

        var options = DispatcherOptions()
        options.retry = RetryPolicy(base: 0.05, cap: 0.2, retryFor: 60)
        options.timeout = 5
        options.actionBase = "https://georemind.example.org"
        let mailer = try SMTPMailer(server: SMTPServer(parsing: "smtp://127.0.0.1:\(port)?from=alerts@example.org"))
        let transport = HTTPWebhookTransport()
        let dispatcher = WebhookDispatcher(store: store, transport: transport, mailer: mailer, options: options)
        // The server may still be starting: a refused connection is retried like any failure.
        let deadline = Date().addingTimeInterval(30)
        while try store.channel(channel.name ?? "").lastStatus != 250, Date() < deadline {
            _ = try await dispatcher.runOnce()
            try await Task.sleep(for: .milliseconds(100))
        }
        try await transport.shutdown()
        let after = try store.channel(channel.name ?? "")
        #expect(after.lastStatus == 250 && after.pendingCount == 0)

        let new = maildir.appendingPathComponent("new")
        let files = try FileManager.default.contentsOfDirectory(atPath: new.path)
        #expect(files.count == 1)
        let text = try String(contentsOf: new.appendingPathComponent(try #require(files.first)), encoding: .utf8)
        let eventID = try #require(try store.outboxEvents().first?.id)
        #expect(text.contains("Message-ID: <\(eventID)@georemind>"))
        #expect(text.contains("Subject: Buy bread"))
        #expect(text.contains("From: georemind <alerts@example.org>"))
        #expect(text.contains("To: <anna@example.org>"))
        #expect(text.contains("Content-Type: multipart/alternative"))
        let parts = text.components(separatedBy: "\n\n").dropFirst().flatMap { $0.components(separatedBy: "\n--") }
        let decoded = parts.compactMap { part -> String? in
            let body = part.components(separatedBy: "\n").filter { !$0.contains(":") && !$0.hasPrefix("--") && !$0.isEmpty }.joined()
            return Data(base64Encoded: body).map { String(decoding: $0, as: UTF8.self) }
        }
        let plain = try #require(decoded.first { $0.hasPrefix("Buy bread") })
        #expect(plain.contains("Office, arriving") && plain.contains("geo:48.8566,2.3522"))
        #expect(plain.contains("Done: https://georemind.example.org/api/v1/actions/done?event=\(eventID)&reminder=\(reminder.id)"))
        let html = try #require(decoded.first { $0.hasPrefix("<!doctype html>") })
        #expect(html.contains(">Done</a>") && html.contains("<strong>Buy bread</strong>"))
    }

    @Test func mailServerURLs() throws {
        let starttls = try SMTPServer(parsing: "smtp://anna%40example.org:p%40ss@mail.example.org:587")
        #expect(starttls.security == .startTLS && starttls.port == 587 && starttls.from == "anna@example.org")
        #expect(starttls.description == "smtp://anna@example.org@mail.example.org:587")
        let implicit = try SMTPServer(parsing: "smtps://bot@mail.example.org")
        #expect(implicit.security == .implicitTLS && implicit.port == 465 && implicit.from == "georemind@mail.example.org")
        #expect(throws: SMTPError.self) { try SMTPServer(parsing: "http://mail.example.org") }
    }
}
