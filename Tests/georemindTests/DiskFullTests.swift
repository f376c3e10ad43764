import Foundation
import Testing

/// A SQLite store on a disk that fills up, on a small tmpfs of its own: `serve` answers 503 (and
/// `/readyz` 503) while its commits fail, acknowledges nothing it did not commit, resumes when space
/// returns, and leaves a file that passes `integrity_check`; the command line says why in one line.
@Suite(.serialized, .enabled(if: CLISandbox.usesStoreFile && SmallDisk.canMount)) struct DiskFullTests {
    let sandbox: CLISandbox
    let disk: SmallDisk
    let token: String

    init() throws {
        sandbox = try CLISandbox()
        disk = try SmallDisk(megabytes: 8)
        sandbox.environment["GEOREMIND_STORE"] = disk.folder.appendingPathComponent("store.sqlite").path
        token = try sandbox.ok("token", "create", "phones", "--scope", "ingest").trimmingCharacters(in: .newlines)
    }

    func post(_ server: ServerProcess, seconds: Int, lon: Double) async throws -> Int {
        try await server.send(
            "POST", "/owntracks",
            body: #"{"_type":"location","acc":10,"lat":30.0,"lon":\#(lon),"tid":"an","tst":\#(seconds)}"#,
            headers: [
                "Authorization": ServerProcess.basic("ann", token), "X-Limit-U": "ann", "X-Limit-D": "pixel",
                "Content-Type": "application/json",
            ]
        ).status
    }

    @Test func serveRefusesWhatItCannotCommitAndResumes() async throws {
        let shop = try sandbox.add("Shop", "--latitude", "30.0", "--longitude", "20.0", "--radius", "100")
        let server = try ServerProcess(sandbox)
        let start = Int(Date().timeIntervalSince1970) - 3_600
        #expect(try await post(server, seconds: start, lon: 20.01) == 200)
        try disk.fill()
        // Fixes far from the shop until a commit fails (the WAL may still have room for a few).
        var step = 1
        var refused = false
        while step < 2_000, !refused {
            refused = try await post(server, seconds: start + step, lon: 20.02) == 503
            step += 1
        }
        #expect(refused)
        // Past the evaluation thread's idle tick, which commits nothing and must not count as a
        // commit the store took.
        try await Task.sleep(for: .milliseconds(1_500))
        let ready = try await server.send("GET", "/readyz")
        #expect(ready.status == 503)
        #expect(try await server.send("GET", "/healthz").status == 200)
        // The crossing fix, refused while the disk is full, is not acknowledged, and fires nothing.
        #expect(try await post(server, seconds: start + step, lon: 20.0) == 503)
        try disk.free()
        // Ready again with nobody posting (a balancer that saw 503 sends nobody).
        var readyAgain = false
        let deadline = Date().addingTimeInterval(10)
        while !readyAgain, Date() < deadline {
            readyAgain = try await server.send("GET", "/readyz").status == 200
            if !readyAgain { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(readyAgain)
        // The phone retries it, as the apps do on a non-2xx answer.
        #expect(try await post(server, seconds: start + step, lon: 20.0) == 200)
        #expect(try await server.send("GET", "/readyz").status == 200)
        #expect(server.stop() == 0)
        #expect(try sandbox.ok("show", shop, "--json").contains(#""firedDate""#))
        #expect(try integrityCheck(sandbox.storePath) == "ok")
    }

    @Test func aCommandOnAFullDiskIsOneErrorLine() throws {
        try disk.fill()
        let result = try sandbox.run(["add", String(repeating: "A long title ", count: 2_000)])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        try disk.free()
        #expect(try integrityCheck(sandbox.storePath) == "ok")
    }

    /// SQLite's own verdict on the file, by Python's sqlite3 (the same library georemind links).
    func integrityCheck(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])",
            path,
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A tmpfs of a few megabytes mounted for one test, and a file that fills it.
final class SmallDisk {
    let folder: URL
    var filler: URL { folder.appendingPathComponent("filler") }

    /// Whether this process may mount a tmpfs (root, with the capability to mount).
    static let canMount: Bool = {
        guard getuid() == 0, let disk = try? SmallDisk(megabytes: 1) else { return false }
        _ = disk
        return true
    }()

    init(megabytes: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard Self.command("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", folder.path]) == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw SmallDiskError.cannotMount
        }
    }

    deinit {
        _ = Self.command("/bin/umount", ["-l", folder.path])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes until the disk has no byte left.
    func fill() throws {
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        defer { try? handle.close() }
        let chunk = Data(count: 64 << 10)
        while (try? handle.write(contentsOf: chunk)) != nil {}
        let byte = Data(count: 1)
        while (try? handle.write(contentsOf: byte)) != nil {}
    }

    func free() throws {
        try FileManager.default.removeItem(at: filler)
    }

    static func command(_ path: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

enum SmallDiskError: Error {
    case cannotMount
}
