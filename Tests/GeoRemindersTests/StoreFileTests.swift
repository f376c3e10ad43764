import Foundation
import GRDB
import TestSupport
import Testing

@testable import GeoReminders

@Suite struct StoreFileTests {
    @Test func aTextFileIsRefusedAndLeftAlone() throws {
        let path = try temporaryDirectory().appendingPathComponent("notes.txt").path
        let text = Data(String(repeating: "not a database\n", count: 20).utf8)
        _ = FileManager.default.createFile(atPath: path, contents: text)
        #expect(throws: StoreError.notAStore(path: path)) { try ReminderStore(path: path) }
        #expect(FileManager.default.contents(atPath: path) == text)
    }

    @Test func anotherApplicationsDatabaseIsRefusedAndLeftAlone() throws {
        let path = try temporaryDirectory().appendingPathComponent("other.sqlite").path
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada')")
        }
        let before = FileManager.default.contents(atPath: path)
        #expect(throws: StoreError.notAStore(path: path)) { try ReminderStore(path: path) }
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func anEmptyFileBecomesAStore() throws {
        let path = try temporaryDirectory().appendingPathComponent("empty.sqlite").path
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let store = try ReminderStore(path: path)
        #expect(try store.lists().count == 1)
        let id = try store.database!.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") }
        #expect(id == 0x4752_4D44)
    }

    @Test func aMissingDirectoryIsReported() throws {
        let path = "/nonexistent-georemind-dir/s.sqlite"
        #expect {
            try ReminderStore(path: path)
        } throws: { error in
            guard case let .cannotOpen(errorPath, _) = error as? StoreError else { return false }
            return errorPath == path
        }
    }
}
