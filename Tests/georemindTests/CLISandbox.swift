import Foundation
import Synchronization
import TestSupport
import Testing

/// What one run of the built `georemind` printed and returned.
struct CLIResult: Equatable, CustomStringConvertible {
    var stdout: String
    var stderr: String
    var status: Int32

    var description: String { "status \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
}

/// A temporary store and a fixed environment (zone, locale, paths) to run the built
/// `georemind` in, so its output can be compared exactly.
///
/// The store is a SQLite file, or with `GEOREMIND_TEST_ENGINE=postgres` a database of its own on
/// one PostgreSQL started for the test process (`make test` runs the command suites both ways: the
/// same commands must print the same on both engines).
final class CLISandbox {
    let folder: URL
    var environment: [String: String]

    /// - Parameter engine: where the store is; by default as `GEOREMIND_TEST_ENGINE` says.
    init(timeZone: String = "America/New_York", engine: StoreEngine = CLISandbox.engine) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("georemind-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        environment = [
            "TZ": timeZone, "LANG": "C", "LC_ALL": "C",
            "HOME": folder.path,
            "GEOREMIND_STORE": try engine.newStore(fileIn: folder),
            "PATH": "/usr/bin:/bin",
        ]
    }

    /// The engine the sandboxes' stores are on, as `GEOREMIND_TEST_ENGINE` says.
    static let engine = StoreEngine(ProcessInfo.processInfo.environment["GEOREMIND_TEST_ENGINE"])

    /// True when the store is a file: tests that open or inspect the file itself need that.
    static var usesStoreFile: Bool { engine == .sqlite }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    var storePath: String { environment["GEOREMIND_STORE"]! }

    /// Runs `georemind` with `arguments`, feeding `input` on standard input.
    func run(_ arguments: [String], input: Data = Data()) throws -> CLIResult {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = environment
        let out = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
        let err = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        try Data().write(to: out)
        try Data().write(to: err)
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)
        let inputPipe = Pipe()
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = inputPipe
        try process.run()
        inputPipe.fileHandleForWriting.write(input)
        try inputPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        return CLIResult(
            stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8),
            status: process.terminationStatus)
    }

    func run(_ arguments: String...) throws -> CLIResult {
        try run(arguments)
    }

    /// Starts `georemind` with `arguments` in the background, its output thrown away.
    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs a command that must succeed quietly on stderr; returns its stdout.
    @discardableResult
    func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try ok(arguments, sourceLocation: sourceLocation)
    }

    @discardableResult
    func ok(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Adds a reminder and returns its identifier.
    func add(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(["add"] + arguments)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result)", sourceLocation: sourceLocation)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// The built `georemind`, next to the test bundle.
    static let executable: URL = {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for folder in candidates.compactMap({ $0 }) {
            let binary = folder.appendingPathComponent("georemind")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        return packageRoot.appendingPathComponent(".build/debug/georemind")
    }()

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ path: String) -> String {
        packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(path).path
    }
}

/// Replaces the instants a run stamps (creation, modification, completion) so JSON compares exactly.
func stampsRedacted(_ text: String) -> String {
    text.replacingOccurrences(
        of: #""(creationDate|lastModifiedDate|completionDate)":"[0-9T:Z-]+""#,
        with: #""$1":"<now>""#, options: .regularExpression)
}

/// Names each identifier: its full text becomes `<label>`, its 8-character table prefix
/// `label` padded with `-` to 8 characters, so tables keep their alignment.
func idsNamed(_ text: String, _ names: [String: String]) -> String {
    // Event ids hash the reminders' random ids: shown as `<evt>`, checked apart (EventIDTests).
    var result = text.replacingOccurrences(of: #"evt_[0-9A-HJKMNP-TV-Z]{26}"#, with: "<evt>", options: .regularExpression)
    for (id, label) in names {
        result = result.replacingOccurrences(of: id, with: "<\(label)>")
        result = result.replacingOccurrences(
            of: String(id.prefix(8)),
            with: label.padding(toLength: 8, withPad: "-", startingAt: 0))
    }
    return result
}
