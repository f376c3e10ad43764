import Foundation
import GRDB
import Testing

@testable import GeoReminders

/// What a copy to another engine reads: every table of the schema with every column, from one
/// snapshot, with the AUTOINCREMENT high-water marks.
@Suite struct SnapshotTests {
    @Test func theCopiedTablesAreTheWholeSchema() throws {
        let store = try ReminderStore.inMemory()
        let schema = try #require(store.database).read { db in
            try String.fetchAll(
                db,
                sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('grdb_migrations', 'sqlite_sequence')"
            ).filter { !ReminderStore.uncopiedTables.contains($0) }.map { table in
                (table, try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { $0["name"] as String })
            }
        }
        let copied = Dictionary(uniqueKeysWithValues: ReminderStore.copiedTables.map { ($0.table, $0.columns) })
        #expect(Set(schema.map(\.0)) == Set(copied.keys), "a table was added to the schema but not to the copy")
        for (table, columns) in schema {
            #expect(copied[table] == columns, "\(table)'s columns changed: copy them too")
        }
    }

    @Test func rowsComeInBatchesFromOneSnapshotWithHighWaterMarks() throws {
        let store = try ReminderStore.inMemory()
        for index in 0..<5 {
            _ = try store.save(Reminder(title: "R\(index)"))
        }
        let doomed = try store.save(Reminder(title: "gone"))
        try store.remove(id: doomed.id)
        var seen: [(String, Int, Int)] = []
        var titles: [String] = []
        let marks = try store.readSnapshot(batchSize: 2) { table, count, rows in
            seen.append((table, count, rows.count))
            if table == "reminder" {
                titles += rows.map { row -> String in
                    guard case .text(let title) = row[3] else { return "?" }
                    return title
                }
            }
        }
        #expect(seen.filter { $0.0 == "reminder" }.map(\.2) == [2, 2, 1, 0])
        #expect(seen.filter { $0.0 == "reminder" }.allSatisfy { $0.1 == 5 })
        #expect(titles == ["R0", "R1", "R2", "R3", "R4"])
        #expect(Set(seen.map(\.0)) == Set(ReminderStore.copiedTables.map(\.table)))
        // reminder.number is not AUTOINCREMENT; the outbox's sequence is, once used.
        #expect(marks["reminder"] == nil)
    }
}
