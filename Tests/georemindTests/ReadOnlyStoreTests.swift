import Foundation
import Testing

/// The reading commands work on a store file its reader may not write (another user's store, a
/// read-only mount, a backup), WAL mode included: SQLite cannot make the -shm file there, and
/// before, every one of them failed with "attempt to write a readonly database".
@Suite(.enabled(if: CLISandbox.usesStoreFile)) struct ReadOnlyStoreTests {
    let sandbox: CLISandbox
    let milk: String

    init() throws {
        sandbox = try CLISandbox()
        milk = try sandbox.add("Buy milk", "--at", "Grocery Store", "--alarm", "2026-11-24T09:00:00Z")
        // Readable by all, writable by none but its owner; so is its folder.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: sandbox.storePath)
    }

    /// Runs `georemind` as a user who may only read the store: `nobody` when the tests run as root
    /// (root writes anything), else this user with the folder made read-only.
    func runAsReader(_ arguments: [String]) throws -> CLIResult {
        guard getuid() == 0 else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: sandbox.folder.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.folder.path) }
            return try sandbox.run(arguments)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", CLISandbox.executable.path] + arguments
        process.environment = sandbox.environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIResult(
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
            status: process.terminationStatus)
    }

    @Test(arguments: [
        ["list"], ["list", "--json"], ["show", "<milk>"], ["export"], ["places"], ["due", "--at", "2026-12-01T00:00:00Z"],
        ["lists"],
    ])
    func aReadingCommandPrintsWhatTheOwnerSees(arguments: [String]) throws {
        let arguments = arguments.map { $0 == "<milk>" ? milk : $0 }
        // The owner's last command closed the store: no -wal or -shm is beside it for the reader.
        #expect(!FileManager.default.fileExists(atPath: sandbox.storePath + "-shm"))
        let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.storePath))
        let reader = try runAsReader(arguments)
        // Not a byte written, and nothing left beside the file.
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.storePath)) == before)
        #expect(!FileManager.default.fileExists(atPath: sandbox.storePath + "-shm"))
        let owner = try sandbox.run(arguments)
        #expect(owner.status == 0)
        #expect(reader == owner)
    }

    @Test func aWritingCommandSaysTheStoreCannotBeWritten() throws {
        let result = try runAsReader(["add", "Call mum"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try sandbox.ok("list").contains("Call mum") == false)
    }
}
