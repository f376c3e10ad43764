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
            ).filter { !StoreCatalogue.derivedTables.contains($0) }.map { table in
                (table, try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))"))
            }
        }
        #expect(Set(schema.map(\.0)) == Set(StoreCatalogue.tables.map(\.name)), "a table was added to the schema but not to the catalogue")
        for (name, columns) in schema {
            let table = try #require(StoreCatalogue.table(name))
            #expect(table.columns == columns.map { $0["name"] as String }, "\(name)'s columns changed: change the catalogue too")
            let key = columns.filter { ($0["pk"] as Int) > 0 }.sorted { ($0["pk"] as Int) < ($1["pk"] as Int) }
            #expect(table.key == key.map { $0["name"] as String }, "\(name)'s primary key")
            // SQLite gives a key only for a lone INTEGER PRIMARY KEY (the rowid).
            let rowidKey = key.count == 1 && (key[0]["type"] as String) == "INTEGER" && !table.isWithoutRowID
            #expect((table.generatedKey != nil) == rowidKey, "\(name)'s generated key")
        }
        let withoutRowID = try #require(store.database).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%WITHOUT ROWID%'")
        }
        #expect(Set(withoutRowID) == Set(StoreCatalogue.tables.filter(\.isWithoutRowID).map(\.name)))
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
        #expect(Set(seen.map(\.0)) == Set(StoreCatalogue.tables.map(\.name)))
        // reminder.number is not AUTOINCREMENT; the outbox's sequence is, once used.
        #expect(marks["reminder"] == nil)
    }
}
