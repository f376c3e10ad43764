import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real SMTP server on a loopback port: Debian's aiosmtpd (python3-aiosmtpd, installed by
/// scripts/install-deps) writing each message it accepts to a maildir, as its own process. The
/// far end of e-mail tests; stopped with SIGKILL (see ``stop(_:)``).
public final class MailboxServer {
    public let port: Int
    public let maildir: URL
    private let process = Process()

    /// Starts listening on `port` (one nothing listens on); the maildir goes under `folder`.
    /// aiosmtpd may take a moment to listen: senders retry a refused connection anyway.
    public init(port: Int, folder: URL) throws {
        self.port = port
        maildir = folder.appendingPathComponent("mail-\(port)")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-m", "aiosmtpd", "-n", "-l", "127.0.0.1:\(port)", "-c", "aiosmtpd.handlers.Mailbox", maildir.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit { Self.stop(process) }

    public func stop() { Self.stop(process) }

    /// The messages received so far, as their raw text.
    public func messages() throws -> [String] {
        let new = maildir.appendingPathComponent("new")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: new.path)) ?? []
        return try files.sorted().map { try String(contentsOf: new.appendingPathComponent($0), encoding: .utf8) }
    }

    /// Stops a test's server process with SIGKILL, at once: a throwaway server has nothing to
    /// flush (the maildir is written per message), a child can inherit a blocked SIGTERM from the
    /// test runner's spawning thread, and waiting out a grace period would block a thread of the
    /// cooperative pool that parallel timing-sensitive tests need.
    public static func stop(_ process: Process) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
