import Foundation
import GeoReminders
import Logging
import PostgresNIO

/// `georemind migrate`: copies a SQLite store into an empty PostgreSQL database in one
/// transaction — every table, keys and the counters behind them included — and checks each
/// table's row count before committing. A failure at any point leaves the target as it was.
package enum StoreCopy {
    /// What was copied: each table with its rows, in copy order.
    package struct Report: Sendable {
        package var tables: [(table: String, rows: Int)] = []
        package var totalRows: Int { tables.reduce(0) { $0 + $1.rows } }
    }

    package static func copy(from store: ReminderStore, to address: PostgresAddress) async throws -> Report {
        let connection = try await PostgresSession.connect(to: address)
        do {
            let report = try await connection.withTransaction(logger: PostgresSession.logger) { connection in
                try await PostgresSession.prepareSchema(connection)
                try await requireEmpty(connection)
                return try await copyRows(from: store, into: connection)
            }
            try await connection.close()
            return report
        } catch {
            try? await connection.close()
            throw PostgresSession.translate(error)
        }
    }

    /// Refuses a database holding a store, except a new one's default list (a server or command
    /// opened it first), which the copy's lists replace.
    private static func requireEmpty(_ connection: PostgresConnection) async throws {
        if try await PostgresSession.holdsOnlyTheDefaultList(connection) {
            try await connection.query("DELETE FROM storeInfo", logger: PostgresSession.logger)
            try await connection.query("DELETE FROM list", logger: PostgresSession.logger)
        }
        // The action key the schema's migration made (sqlite-v11) is no data: the copy brings the store's own.
        try await connection.query(
            "DELETE FROM storeInfo WHERE key = 'actionKey' AND NOT EXISTS (SELECT 1 FROM storeInfo WHERE key <> 'actionKey')",
            logger: PostgresSession.logger)
        // So is the first account the schema made (sqlite-v12) while nothing belongs to it yet.
        try await connection.query(
            """
            DELETE FROM account WHERE name = 'default' AND NOT EXISTS (SELECT 1 FROM listMember)
            AND NOT EXISTS (SELECT 1 FROM apiToken) AND NOT EXISTS (SELECT 1 FROM device)
            """,
            logger: PostgresSession.logger)
        for table in StoreCatalogue.tables {
            let rows = try await PostgresSession.count(table.name, on: connection)
            if rows > 0 { throw SharedStoreError.targetNotEmpty(table: table.name, rows: rows) }
        }
    }

    /// Reads the snapshot on a thread of its own (SQLite reads block) and inserts each batch as it
    /// comes; at most a few batches wait in between, so a large store is not held in memory.
    private static func copyRows(from store: ReminderStore, into connection: PostgresConnection) async throws -> Report {
        let (batches, feed) = AsyncThrowingStream.makeStream(of: SnapshotBatch.self)
        let room = DispatchSemaphore(value: 4)
        let reader = Thread {
            do {
                let marks = try store.readSnapshot(batchSize: 500) { table, count, rows in
                    room.wait()
                    feed.yield(.rows(table: table, count: count, rows: rows))
                }
                feed.yield(.highWaterMarks(marks))
                feed.finish()
            } catch {
                feed.finish(throwing: error)
            }
        }
        reader.start()
        defer {
            // Unblocks the reader if the copy stopped early, so its thread ends.
            for _ in 0..<8 { room.signal() }
        }
        var report = Report()
        for try await batch in batches {
            switch batch {
            case .rows(let table, let count, let rows):
                defer { room.signal() }
                if rows.isEmpty {
                    let copied = try await PostgresSession.count(table, on: connection)
                    guard copied == count else { throw SharedStoreError.countMismatch(table: table, source: count, copied: copied) }
                    report.tables.append((table, copied))
                } else {
                    try await insert(rows, into: table, columns: StoreCatalogue.table(table)?.columns ?? [], on: connection)
                }
            case .highWaterMarks(let marks):
                try await PostgresSession.advanceGeneratedKeys(pastAtLeast: marks, on: connection)
            }
        }
        return report
    }

    private enum SnapshotBatch: Sendable {
        case rows(table: String, count: Int, rows: [[StoreValue]])
        case highWaterMarks([String: Int64])
    }

    /// One multi-row INSERT per batch (500 rows of at most 24 columns: well under PostgreSQL's
    /// 65,535 parameters).
    private static func insert(
        _ rows: [[StoreValue]], into table: String, columns: [String], on connection: PostgresConnection
    ) async throws {
        try await connection.query(
            PostgresSession.insertion(rows, into: table, columns: columns), logger: PostgresSession.logger)
    }
}
