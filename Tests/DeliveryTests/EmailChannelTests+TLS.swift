import Delivery
import Foundation
import GeoReminders
import GeofenceEngine
import TestSupport
import Testing

/// The e-mail channel over TLS to a real aiosmtpd (scripts/tls-smtpd.py) whose certificate comes
/// from a private CA made at test time: `?ca=` trusts it, STARTTLS is used on loopback whenever
/// offered, AUTH goes only inside TLS, and a certificate from another CA or for another name
/// fails the delivery with an error that says so and never shows the password.
extension EmailChannelTests {
    static let user = "anna"
    static let password = "horse-battery-7391"

    @Test func startTLSOnLoopbackAuthenticatesInsideTLSWithAPrivateCA() async throws {
        let directory = try temporaryDirectory()
        let ca = try await TestCertificateAuthority(named: "private", in: directory)
        let (certificate, key) = try await ca.issue("mail", subjectAltNames: "IP:127.0.0.1,DNS:localhost")
        let server = try await TLSMailServer(
            mode: .startTLS, certificate: certificate, key: key, user: Self.user, password: Self.password, in: directory)
        defer { server.stop() }
        let alert = try QueuedAlert(to: "anna@example.org")
        let after = try await alert.deliver(through: try mailer(.startTLS, port: server.port, trusting: ca.certificate.path))

        #expect(after.lastStatus == 250 && after.pendingCount == 0 && after.lastError == nil)
        try expectDelivered(alert, in: server)
        #expect(
            try server.events() == [
                .init(event: "starttls"), .init(event: "auth", user: Self.user, success: true, tls: true),
            ])
    }

    @Test func smtpsAuthenticatesWithAPrivateCA() async throws {
        let directory = try temporaryDirectory()
        let ca = try await TestCertificateAuthority(named: "private", in: directory)
        let (certificate, key) = try await ca.issue("mail", subjectAltNames: "IP:127.0.0.1,DNS:localhost")
        let server = try await TLSMailServer(
            mode: .implicitTLS, certificate: certificate, key: key, user: Self.user, password: Self.password, in: directory)
        defer { server.stop() }
        let alert = try QueuedAlert(to: "anna@example.org")
        let after = try await alert.deliver(through: try mailer(.implicitTLS, port: server.port, trusting: ca.certificate.path))

        #expect(after.lastStatus == 250 && after.pendingCount == 0 && after.lastError == nil)
        try expectDelivered(alert, in: server)
        #expect(try server.events() == [.init(event: "auth", user: Self.user, success: true, tls: true)])
    }

    @Test(arguments: TLSMailServer.Mode.allCases)
    func aCertificateFromAnotherCAFailsTheDelivery(mode: TLSMailServer.Mode) async throws {
        let directory = try temporaryDirectory()
        let trusted = try await TestCertificateAuthority(named: "trusted", in: directory)
        let other = try await TestCertificateAuthority(named: "other", in: directory)
        let (certificate, key) = try await other.issue("mail", subjectAltNames: "IP:127.0.0.1,DNS:localhost")
        let server = try await TLSMailServer(
            mode: mode, certificate: certificate, key: key, user: Self.user, password: Self.password, in: directory)
        defer { server.stop() }
        let alert = try QueuedAlert(to: "anna@example.org")
        let after = try await alert.deliver(through: try mailer(mode, port: server.port, trusting: trusted.certificate.path))

        let error = try #require(after.lastError)
        #expect(error.contains("TLS with \(mode == .startTLS ? "smtp" : "smtps")://anna@127.0.0.1:\(server.port) failed"))
        #expect(error.contains("the certificate is not signed by the CA in \(trusted.certificate.path)"))
        #expect(error.contains("CERTIFICATE_VERIFY_FAILED"))
        #expect(!error.contains(Self.password))
        #expect(after.lastStatus == nil && after.pendingCount == 1)
        #expect(try server.messages().isEmpty)
        #expect(try server.events().isEmpty)  // neither a STARTTLS that completed nor any AUTH
    }

    /// The name is checked even with a trusted chain; for 127.0.0.1 against the certificate's IP
    /// addresses (SNI carries no address).
    @Test func aCertificateForAnotherNameFailsTheDelivery() async throws {
        let directory = try temporaryDirectory()
        let ca = try await TestCertificateAuthority(named: "private", in: directory)
        let (certificate, key) = try await ca.issue("elsewhere", subjectAltNames: "DNS:mail.example.org,IP:192.0.2.25")
        let server = try await TLSMailServer(
            mode: .implicitTLS, certificate: certificate, key: key, user: Self.user, password: Self.password, in: directory)
        defer { server.stop() }
        let alert = try QueuedAlert(to: "anna@example.org")
        let after = try await alert.deliver(through: try mailer(.implicitTLS, port: server.port, trusting: ca.certificate.path))

        let error = try #require(after.lastError)
        #expect(error.contains("the certificate does not name 127.0.0.1"))
        #expect(!error.contains(Self.password))
        #expect(try server.messages().isEmpty && server.events().isEmpty)
    }

    @Test func aCAFileThatCannotBeReadIsAStartUpError() throws {
        let directory = try temporaryDirectory()
        let missing = directory.appendingPathComponent("missing.pem").path
        let server = try SMTPServer(parsing: "smtps://anna:\(Self.password)@mail.example.org?ca=\(missing)")
        #expect(server.trustedCA == missing)
        let error = #expect(throws: SMTPError.self) { try SMTPMailer(server: server) }
        if case .badCA(let path, _) = error {
            #expect(path == missing && !"\(error!)".contains(Self.password))
        } else {
            Issue.record("a missing CA file should be .badCA, not \(String(describing: error))")
        }
        let notPEM = directory.appendingPathComponent("empty.pem")
        try Data("no certificate here\n".utf8).write(to: notPEM)
        #expect(throws: SMTPError.self) { try SMTPMailer(server: try SMTPServer(parsing: "smtps://mail.example.org?ca=\(notPEM.path)")) }
        #expect(throws: SMTPError.self) { try SMTPServer(parsing: "smtps://mail.example.org?ca=") }
        #expect(try SMTPServer(parsing: "smtps://mail.example.org").trustedCA == nil)
    }

    private func mailer(_ mode: TLSMailServer.Mode, port: Int, trusting ca: String) throws -> SMTPMailer {
        let scheme = mode == .startTLS ? "smtp" : "smtps"
        return try SMTPMailer(
            server: SMTPServer(parsing: "\(scheme)://\(Self.user):\(Self.password)@127.0.0.1:\(port)?from=alerts@example.org&ca=\(ca)"))
    }

    /// Exactly one message, with exactly georemind's headers and what aiosmtpd adds (peer, envelope).
    private func expectDelivered(_ alert: QueuedAlert, in server: TLSMailServer) throws {
        let messages = try server.messages()
        #expect(messages.count == 1)
        let message = try #require(messages.first)
        // RFC 5322 unfolding: aiosmtpd's maildir writer may fold a long header.
        let head = (message.components(separatedBy: "\n\n").first ?? "").replacingOccurrences(
            of: "\n(?=[ \t])", with: "", options: .regularExpression)
        let headers = head.components(separatedBy: "\n").map { line -> (String, String) in
            let (name, value) = line.firstIndex(of: ":").map { (line[..<$0], line[line.index(after: $0)...]) } ?? (line[...], "")
            return (String(name), value.trimmingCharacters(in: .whitespaces))
        }
        #expect(
            headers.map(\.0) == [
                "From", "To", "Subject", "Date", "Message-ID", "MIME-Version", "Content-Type", "X-Peer", "X-MailFrom", "X-RcptTo",
            ])
        let values = Dictionary(headers, uniquingKeysWith: { first, _ in first })
        #expect(values["From"] == "georemind <alerts@example.org>")
        #expect(values["To"] == "<anna@example.org>")
        #expect(values["Subject"] == "Buy bread")
        #expect(values["Message-ID"] == "<\(alert.eventID)@georemind>")
        #expect(values["MIME-Version"] == "1.0")
        #expect(values["Content-Type"] == "multipart/alternative; boundary=\"georemind-\(alert.eventID)\"")
        #expect(values["X-MailFrom"] == "alerts@example.org")
        #expect(values["X-RcptTo"] == "anna@example.org")
        #expect(values["X-Peer"]?.hasPrefix("('127.0.0.1', ") == true)
        let date = DateFormatter()
        date.locale = Locale(identifier: "en_US_POSIX")
        date.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let sent = try #require(values["Date"].flatMap(date.date(from:)))
        #expect(abs(sent.timeIntervalSinceNow) < 120)
    }
}
