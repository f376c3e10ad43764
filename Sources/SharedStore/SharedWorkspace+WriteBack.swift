import Foundation
import GeoReminders
import PostgresNIO

extension SharedWorkspace {
    /// Each copied table's primary key columns: rows are matched by them before and after the work.
    static let keyColumns: [String: [String]] = [
        "storeInfo": ["key"], "account": ["name"], "list": ["id"], "listMember": ["listID", "account"], "recurrenceSeries": ["id"],
        "reminder": ["number"],
        "alarm": ["reminderNumber", "position"], "engineState": ["key"], "apiToken": ["name"], "device": ["id"],
        "webhookEndpoint": ["id"], "webhookDelivery": ["endpointID", "eventSequence"], "liveFixBatch": ["sequence"],
        "actionUse": ["eventID"], "phoneReply": ["phone"],
    ]

    /// Writes what the work changed: rows gone are deleted (children first), then per table
    /// (parents first) rows new are inserted and rows changed are updated, column by column as
    /// the copy holds them; the copy's outbox holds only events the work added, appended last.
    func writeBack(from before: [String: [[StoreValue]]], to after: [String: [[StoreValue]]], on db: PostgresConnection) throws {
        let tables = ReminderStore.copiedTables.filter { after[$0.table] != nil }
        var changes: [(table: String, columns: [String], added: [[StoreValue]], changed: [[StoreValue]])] = []
        var deleted: Set<String> = []
        for (table, columns) in tables.reversed() where table != "outboxEvent" {
            let keys = Self.keyColumns[table] ?? []
            let positions = keys.compactMap { columns.firstIndex(of: $0) }
            precondition(positions.count == keys.count && !keys.isEmpty, "every copied table has its key columns listed")
            func key(_ row: [StoreValue]) -> [StoreValue] { positions.map { row[$0] } }
            let old = Dictionary((before[table] ?? []).map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
            let new = Dictionary((after[table] ?? []).map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
            for (rowKey, _) in old where new[rowKey] == nil {
                try db.blockingQuery(Self.deletion(from: table, keys: keys, values: rowKey))
                deleted.insert(table)
            }
            let added = (after[table] ?? []).filter { old[key($0)] == nil }
            let changed = (after[table] ?? []).filter { row in old[key(row)].map { $0 != row } ?? false }
            changes.insert((table, columns, added, changed), at: 0)
        }
        for (table, columns, added, changed) in changes {
            // Within PostgreSQL's 65,535 parameters a statement.
            let perStatement = max(1, 30_000 / columns.count)
            for start in stride(from: 0, to: added.count, by: perStatement) {
                let rows = Array(added[start..<min(start + perStatement, added.count)])
                try db.blockingQuery(PostgresSession.insertion(rows, into: table, columns: columns))
            }
            for row in changed {
                try db.blockingQuery(Self.update(of: table, columns: columns, keys: Self.keyColumns[table] ?? [], row: row))
            }
            if !added.isEmpty, let column = PostgresSchema.generatedKeys.first(where: { $0.table == table })?.column {
                try db.blockingQuery(Self.advancingKey(of: table, column: column))
            }
        }
        // The serving instances' evaluators reload as this commits (their fingerprint poll is the fallback).
        let reminderTables = Set(StoreTables.reminders.tableNames)
        if changes.contains(where: { reminderTables.contains($0.table) && !($0.added.isEmpty && $0.changed.isEmpty) })
            || deleted.contains(where: reminderTables.contains)
        {
            try db.blockingQuery(StoreNotification.reminders.statement)
        }
        if let appended = after["outboxEvent"], !appended.isEmpty {
            for query in SharedOutbox.appending(appended.map(OutboxEvent.init(cells:))) { try db.blockingQuery(query) }
        }
    }

    static func deletion(from table: String, keys: [String], values: [StoreValue]) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: keys.count)
        let condition = keys.enumerated().map { index, column in
            PostgresSession.bind(values[index], boolean: false, to: &bindings)
            return "\(column) = $\(index + 1)"
        }
        return PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE " + condition.joined(separator: " AND "), binds: bindings)
    }

    static func update(of table: String, columns: [String], keys: [String], row: [StoreValue]) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: columns.count)
        var assignments: [String] = []
        var conditions: [String] = []
        for (index, column) in columns.enumerated() {
            PostgresSession.bind(row[index], boolean: PostgresSchema.booleanColumns.contains(column), to: &bindings)
            if keys.contains(column) {
                conditions.append("\(column) = $\(index + 1)")
            } else {
                assignments.append("\(column) = $\(index + 1)")
            }
        }
        let sql = "UPDATE \(table) SET " + assignments.joined(separator: ", ") + " WHERE " + conditions.joined(separator: " AND ")
        return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }

    /// Moves the generated key past the keys the copy gave explicitly, never back: PostgreSQL then
    /// gives none of them again, nor one it gave before and was deleted.
    static func advancingKey(of table: String, column: String) -> PostgresQuery {
        let sequence = "pg_get_serial_sequence('\(table.lowercased())', '\(column.lowercased())')"
        return PostgresQuery(
            unsafeSQL: """
                SELECT setval(\(sequence), GREATEST((SELECT max(\(column)) FROM \(table)),
                    coalesce(pg_sequence_last_value(\(sequence)::regclass), 1)))
                """)
    }
}
