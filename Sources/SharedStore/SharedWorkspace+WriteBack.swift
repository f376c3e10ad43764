import Foundation
import GeoReminders
import PostgresNIO

extension SharedWorkspace {
    /// Writes what the work changed: rows gone are deleted (children first), then per table
    /// (parents first) rows new are inserted and rows changed are updated, column by column as
    /// the copy holds them; the copy's outbox holds only events the work added, appended last.
    /// - Parameter partial: the copy held some rows of the tables an account's copy filters
    ///   (``GeoReminders/StoreScope``): a key it made after the highest it held may be another
    ///   row's here, so the database gives new rows of those tables their keys.
    func writeBack(
        from before: [String: [[StoreValue]]], to after: [String: [[StoreValue]]], partial: Bool = false,
        on db: PostgresConnection
    ) throws {
        let tables = StoreCatalogue.tables(named: after.keys)
        var changes: [(table: StoreTable, added: [[StoreValue]], changed: [[StoreValue]])] = []
        var deleted: Set<String> = []
        for table in tables.reversed() where !table.isAppendOnly {
            let positions = table.keyPositions
            func key(_ row: [StoreValue]) -> [StoreValue] { positions.map { row[$0] } }
            let old = Dictionary((before[table.name] ?? []).map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
            let new = Dictionary((after[table.name] ?? []).map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
            for (rowKey, _) in old where new[rowKey] == nil {
                try db.blockingQuery(Self.deletion(from: table, values: rowKey))
                deleted.insert(table.name)
            }
            let added = (after[table.name] ?? []).filter { old[key($0)] == nil }
            let changed = (after[table.name] ?? []).filter { row in old[key(row)].map { $0 != row } ?? false }
            changes.insert((table, added, changed), at: 0)
        }
        var newKeys: [String: [StoreValue: StoreValue]] = [:]
        for (table, var added, changed) in changes {
            if partial {
                if table.accountRows != nil, let column = table.generatedKey, !added.isEmpty {
                    newKeys[table.name] = try Self.givingKeys(to: &added, of: table, column: column, on: db)
                }
                Self.following(newKeys, in: &added, of: table)
            }
            // Within PostgreSQL's 65,535 parameters a statement.
            let perStatement = max(1, 30_000 / table.columns.count)
            for start in stride(from: 0, to: added.count, by: perStatement) {
                let rows = Array(added[start..<min(start + perStatement, added.count)])
                try db.blockingQuery(PostgresSession.insertion(rows, into: table.name, columns: table.columns))
            }
            for row in changed { try db.blockingQuery(Self.update(of: table, row: row)) }
            // Keys the database gave need no moving past (nor may an account's work move them).
            if !added.isEmpty, let column = table.generatedKey, newKeys[table.name] == nil {
                try db.blockingQuery(Self.advancingKey(of: table.name, column: column))
            }
        }
        // The serving instances' evaluators reload as this commits (their fingerprint poll is the fallback).
        if changes.contains(where: { $0.table.groups.contains(.reminders) && !($0.added.isEmpty && $0.changed.isEmpty) })
            || deleted.contains(where: { StoreCatalogue.table($0)?.groups.contains(.reminders) ?? false })
        {
            try db.blockingQuery(StoreNotification.reminders.statement)
        }
        if let appended = after["outboxEvent"], !appended.isEmpty {
            for query in SharedOutbox.appending(appended.map(OutboxEvent.init(cells:))) { try db.blockingQuery(query) }
        }
    }

    /// Replaces the generated keys the copy gave `rows` with ones the database gives; the old key
    /// to the new.
    static func givingKeys(
        to rows: inout [[StoreValue]], of table: StoreTable, column: String, on db: PostgresConnection
    ) throws -> [StoreValue: StoreValue] {
        guard let position = table.columns.firstIndex(of: column) else { return [:] }
        let sequence = "pg_get_serial_sequence('\(table.name.lowercased())', '\(column.lowercased())')"
        let keys = try db.blockingQuery("SELECT nextval(\(unescaped: sequence)) FROM generate_series(1, \(rows.count))").map {
            StoreValue.integer(try $0.decode(Int64.self))
        }
        var given: [StoreValue: StoreValue] = [:]
        for index in rows.indices {
            given[rows[index][position]] = keys[index]
            rows[index][position] = keys[index]
        }
        return given
    }

    /// Points `rows`' references to generated keys at the keys the database gave in their stead.
    static func following(_ newKeys: [String: [StoreValue: StoreValue]], in rows: inout [[StoreValue]], of table: StoreTable) {
        for (column, referenced) in table.generatedKeyReferences {
            guard let keys = newKeys[referenced], let position = table.columns.firstIndex(of: column) else { continue }
            for index in rows.indices {
                if let key = keys[rows[index][position]] { rows[index][position] = key }
            }
        }
    }

    /// Deletes the row of `table` whose key is `values` (the key's cells, in its column order).
    static func deletion(from table: StoreTable, values: [StoreValue]) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: table.key.count)
        let condition = table.key.enumerated().map { index, column in
            PostgresSession.bind(values[index], boolean: table.booleanColumns.contains(column), to: &bindings)
            return "\(column) = $\(index + 1)"
        }
        return PostgresQuery(unsafeSQL: "DELETE FROM \(table.name) WHERE " + condition.joined(separator: " AND "), binds: bindings)
    }

    /// Sets every column of `table`'s row with the key `row` holds to what `row` holds.
    static func update(of table: StoreTable, row: [StoreValue]) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: table.columns.count)
        var assignments: [String] = []
        var conditions: [String] = []
        for (index, column) in table.columns.enumerated() {
            PostgresSession.bind(row[index], boolean: table.booleanColumns.contains(column), to: &bindings)
            if table.key.contains(column) {
                conditions.append("\(column) = $\(index + 1)")
            } else {
                assignments.append("\(column) = $\(index + 1)")
            }
        }
        let sql = "UPDATE \(table.name) SET " + assignments.joined(separator: ", ") + " WHERE " + conditions.joined(separator: " AND ")
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
