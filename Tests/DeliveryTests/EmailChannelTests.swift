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
        let probe = try await WebhookReceiver()
        let port = probe.port
        try await probe.stop()
        let smtpd = try MailboxServer(port: port, folder: try temporaryDirectory())
        defer { smtpd.stop() }

        let alert = try QueuedAlert(to: "anna@example.org")
        let mailer = try SMTPMailer(server: SMTPServer(parsing: "smtp://127.0.0.1:\(port)?from=alerts@example.org"))
        // The server may still be starting: a refused connection is retried like any failure.
        let after = try await alert.deliver(through: mailer, waitingForServer: true)
        #expect(after.lastStatus == 250 && after.pendingCount == 0)

        let mails = try smtpd.messages()
        #expect(mails.count == 1)
        let text = try #require(mails.first)
        let (eventID, reminderID) = (alert.eventID, alert.reminderID)
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
        #expect(plain.contains("Done: https://georemind.example.org/api/v1/actions/done?event=\(eventID)&reminder=\(reminderID)"))
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
