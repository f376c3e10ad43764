import Foundation
import TestSupport

/// scripts/tls-smtpd.py as a real process: Debian's aiosmtpd with TLS on 127.0.0.1 (STARTTLS
/// required, or TLS from the first byte), one user and password, a maildir, and a log of what
/// happened (STARTTLS, AUTH and whether it came inside TLS) that the client cannot fake.
final class TLSMailServer {
    enum Mode: String, Sendable, CaseIterable {
        case startTLS = "starttls"
        case implicitTLS = "implicit"
    }

    /// One line of the server's event log.
    struct Event: Decodable, Equatable {
        var event: String
        var user: String?
        var success: Bool?
        var tls: Bool?
    }

    struct NotStarted: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    let maildir: URL
    private let eventLog: URL
    private let process = Process()

    init(
        mode: Mode, certificate: URL, key: URL, user: String, password: String, in directory: URL
    ) async throws {
        let probe = try await WebhookReceiver()
        port = probe.port
        try await probe.stop()
        maildir = directory.appendingPathComponent("mail-\(mode.rawValue)-\(port)")
        eventLog = directory.appendingPathComponent("events-\(port).jsonl")
        let ready = directory.appendingPathComponent("ready-\(port)")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/tls-smtpd.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            script.path, "--mode", mode.rawValue, "--port", "\(port)", "--cert", certificate.path, "--key", key.path,
            "--maildir", maildir.path, "--events", eventLog.path, "--ready", ready.path, "--user", user, "--password", password,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: ready.path) {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw NotStarted(description: "scripts/tls-smtpd.py did not start on port \(port) (is python3-aiosmtpd installed?)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    deinit { stop() }

    func stop() { MailboxServer.stop(process) }

    /// The messages delivered so far, as the server wrote them.
    func messages() throws -> [String] {
        let new = maildir.appendingPathComponent("new")
        guard FileManager.default.fileExists(atPath: new.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: new.path).sorted().map {
            try String(contentsOf: new.appendingPathComponent($0), encoding: .utf8)
        }
    }

    /// What the server saw, in order.
    func events() throws -> [Event] {
        guard FileManager.default.fileExists(atPath: eventLog.path) else { return [] }
        return try String(contentsOf: eventLog, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Event.self, from: Data($0.utf8))
        }
    }
}
