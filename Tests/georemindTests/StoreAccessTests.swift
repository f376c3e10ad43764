import Foundation
import Testing

/// Commands that only read change no byte of the store; first use by several processes at once
/// never fails (on either engine); a path that is not a regular file is refused at once.
@Suite struct StoreAccessTests {
    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// Runs `sql` (if any) on the store with Python's sqlite3, then folds the WAL into the file.
    private func checkpoint(_ path: String, then sql: String = "SELECT 1") throws {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = [
            "python3", "-c",
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1]); db.execute(sys.argv[2]); db.commit()
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)"); db.close()
            """, path, sql,
        ]
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
    }

    @Test(.enabled(if: CLISandbox.usesStoreFile, "the store's file"))
    func readingCommandsChangeNoByteOfAReadOnlyStore() throws {
        let sandbox = try CLISandbox()
        let id = try sandbox.add("Buy milk", "--due", "2026-11-23T09:00", "--at", "Work", "--when", "leaving")
        // Fold the WAL into the file, as a store copied or backed up would be.
        try checkpoint(sandbox.storePath)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sandbox.storePath)
        let before = try bytes(sandbox.storePath)
        #expect(try sandbox.ok("list").contains("Buy milk"))
        #expect(try sandbox.ok("show", String(id.prefix(8))).contains("title:"))
        #expect(try sandbox.ok("lists").contains("Reminders"))
        #expect(try sandbox.ok("export", "--all").contains("SUMMARY:Buy milk"))
        #expect(try sandbox.run("due", "--at", "2026-11-24T00:00").status == 0)
        #expect(try bytes(sandbox.storePath) == before)
    }

    @Test(.enabled(if: CLISandbox.usesStoreFile, "the store's file"))
    func aStoreOfANewerVersionIsRefusedUntouched() throws {
        let sandbox = try CLISandbox()
        _ = try sandbox.add("Buy milk")
        // What a later georemind leaves: a migration this one does not know.
        try checkpoint(sandbox.storePath, then: "INSERT INTO grdb_migrations VALUES ('v99-from-the-future')")
        let before = try bytes(sandbox.storePath)
        for command in [["list"], ["lists"], ["add", "x"]] {
            let result = try sandbox.run(command)
            #expect(result.status == 1)
            #expect(result.stderr.contains("was written by a newer georemind"))
        }
        #expect(try bytes(sandbox.storePath) == before)
    }

    /// Four processes adding to a store that does not exist yet, twenty times over.
    @Test func concurrentFirstUseNeverFails() throws {
        for round in 0..<20 {
            let sandbox = try CLISandbox()
            let processes = (0..<4).map { n in
                let process = Process()
                process.executableURL = CLISandbox.executable
                process.arguments = ["add", "R\(round)-\(n)"]
                process.environment = sandbox.environment
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                return process
            }
            for process in processes { try process.run() }
            for process in processes { process.waitUntilExit() }
            #expect(processes.map(\.terminationStatus) == [0, 0, 0, 0], "round \(round)")
            #expect(try sandbox.ok("list").split(separator: "\n").count == 5, "round \(round)")
        }
    }

    @Test(.enabled(if: CLISandbox.usesStoreFile, "the store's file"))
    func aPathThatIsNotARegularFileIsRefusedAtOnce() throws {
        let sandbox = try CLISandbox()
        let fifo = sandbox.folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        for command in [["list"], ["add", "x"]] {
            let result = try sandbox.run(command + ["--store", fifo])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("error: \(fifo) is not a georemind store"))
        }
    }
}
