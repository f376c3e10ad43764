import Foundation
import GRDB

extension ReminderStore {
    /// The tables a copy of the store carries, parents before children, with their columns in
    /// order: every table of the schema except SQLite's and GRDB's own bookkeeping and ``uncopiedTables``.
    /// Tables a copy leaves behind: what is derived from the copied rows and made again where
    /// it is needed (a reminder's kept rendering, ``KeptRendering``).
    public static let uncopiedTables: Set<String> = ["keptRendering"]

    public static let copiedTables: [(table: String, columns: [String])] = [
        ("storeInfo", ["key", "value"]),
        ("account", ["name", "isAdmin", "createdDate", "disabledDate"]),
        ("list", ["id", "title", "colour", "allowsContentModifications", "creationDate"]),
        ("listMember", ["listID", "account", "role", "position", "collectionName"]),
        ("recurrenceSeries", ["id", "liveReminderID", "startDate", "startTimeZone", "recurrenceRules"]),
        (
            "reminder",
            [
                "number", "id", "listID", "title", "titleKey", "notes", "priority", "priorityLevel", "startDate",
                "startTimeZone", "dueDate", "dueTimeZone", "dueKey", "isCompleted", "completionDate", "creationDate",
                "lastModifiedDate", "isLocationReminder", "seriesID", "recurrenceRules", "url", "parentID", "tags",
                "iCalendarExtras", "creator", "assignee", "alarmsFor",
            ]
        ),
        (
            "alarm",
            [
                "reminderNumber", "position", "id", "kind", "absoluteDate", "relativeOffset", "locationTitle", "latitude",
                "longitude", "radius", "proximity", "firedDate", "acknowledgedDate", "area",
            ]
        ),
        ("engineState", ["key", "snapshot", "savedDate"]),
        ("apiToken", ["name", "scope", "hash", "createdDate", "lastUsedDate", "account", "device"]),
        ("device", ["id", "name", "tokenName", "createdDate", "lastSeenDate", "account"]),
        ("outboxEvent", OutboxEvent.columnNames),
        (
            "webhookEndpoint",
            [
                "id", "url", "events", "acceptsLate", "secret", "createdDate", "cursor", "lastStatus", "lastError",
                "lastAttemptDate", "lastSuccessDate", "failingSince", "disabledDate", "kind", "name", "token", "account",
            ]
        ),
        ("actionUse", ["eventID", "usedDate"]),
        (
            "webhookDelivery",
            [
                "endpointID", "eventSequence", "device", "attempts", "firstAttemptDate", "nextAttemptDate", "leaseOwner",
                "leaseUntil", "lastStatus", "lastError",
            ]
        ),
        ("liveFixBatch", ["sequence", "stateKey", "fixes"]),
        ("phoneReply", ["phone", "acknowledged", "carried", "carriedMessageDate", "regions", "carriedRegions"]),
        ("davSyncState", ["token", "collection", "members", "generation"]),
    ]

    /// Reads every copied table from one snapshot of the store (a read transaction: writers may
    /// go on meanwhile, the copy sees none of their changes), handing out rows in batches.
    /// - Parameter body: called with the table, its row count, then each batch of rows (the
    ///   cells in ``copiedTables``' column order); a batch of zero rows ends each table.
    /// - Returns: each AUTOINCREMENT table's highest key ever given (SQLite never reuses one, nor
    ///   may the copy: webhook cursors and event ids refer to them).
    @discardableResult
    public func readSnapshot(
        batchSize: Int = 1000, _ body: (_ table: String, _ rowCount: Int, _ rows: [[StoreValue]]) throws -> Void
    ) throws -> [String: Int64] {
        try readSnapshot(of: Self.copiedTables.map(\.table), batchSize: batchSize, body)
    }

    /// The rows of `tables` (of ``copiedTables``), keyed by table, read in one snapshot: what a
    /// working copy compares before and after its work to find what to write back.
    public func rows(of tables: [String]) throws -> [String: [[StoreValue]]] {
        var rows: [String: [[StoreValue]]] = [:]
        try readSnapshot(of: tables, batchSize: .max) { table, _, batch in rows[table, default: []] += batch }
        return rows
    }

    @discardableResult
    private func readSnapshot(
        of tables: [String], batchSize: Int, _ body: (_ table: String, _ rowCount: Int, _ rows: [[StoreValue]]) throws -> Void
    ) throws -> [String: Int64] {
        let database = try authorizedDatabase(for: "copy the store")
        let wanted = Set(tables)
        return try database.read { db in
            for (table, columns) in Self.copiedTables where wanted.contains(table) {
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
                // The primary key's order (the WITHOUT ROWID tables have no rowid).
                let order = ["alarm": "reminderNumber, position", "webhookDelivery": "endpointID, eventSequence"][table] ?? "rowid"
                let select = try db.makeStatement(sql: "SELECT \(columns.joined(separator: ", ")) FROM \(table) ORDER BY \(order)")
                var batch: [[StoreValue]] = []
                batch.reserveCapacity(min(batchSize, count))
                let width = Int32(columns.count)
                try select.forEachRow(arguments: []) { row in
                    batch.append((0..<width).map(row.storeValue))
                    if batch.count == batchSize {
                        try body(table, count, batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                if !batch.isEmpty { try body(table, count, batch) }
                try body(table, count, [])
            }
            let marks = try Row.fetchAll(db, sql: "SELECT name, seq FROM sqlite_sequence")
            return Dictionary(marks.map { ($0[0] as String, $0[1] as Int64) }, uniquingKeysWith: max)
        }
    }
}

extension ReminderStore {
    /// Fills an in-memory store with rows another engine's copy of the store holds: the inverse
    /// of ``readSnapshot(batchSize:_:)``, so that rows read elsewhere (PostgreSQL) go through this
    /// store's one reader. Each table given is emptied first (children before parents), then
    /// filled, parents first.
    ///
    /// Loaded settings (`storeInfo`) name the default list; the keys stay as loaded, as in a file
    /// opened read-only (``adoptStoredSettings()`` rebuilds those made for another locale or zone).
    /// - Parameters:
    ///   - tables: rows by table, each a table of ``copiedTables`` with its cells in that column order.
    ///   - generatedKeys: the highest key each AUTOINCREMENT table ever gave where the rows came
    ///     from, so keys this store gives next are new there too.
    public func loadSnapshot(_ tables: [String: [[StoreValue]]], generatedKeys: [String: Int64] = [:]) throws {
        guard path == nil else { throw StoreError.notInMemory(operation: "load copied rows") }
        let database = try authorizedDatabase(for: "load copied rows")
        let loaded = Self.copiedTables.filter { tables[$0.table] != nil }
        precondition(loaded.count == tables.count, "only tables of ReminderStore.copiedTables are loaded")
        try database.write { db in
            for (table, _) in loaded.reversed() { try db.execute(sql: "DELETE FROM \(table)") }
            for (table, columns) in loaded {
                let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
                let insert = try db.makeStatement(
                    sql: "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))")
                // Bound without boxes: a working copy of a PostgreSQL store loads every row per command.
                for row in tables[table] ?? [] {
                    try insert.run { binder in
                        for cell in row { try binder.bind(cell) }
                    }
                }
            }
            for (table, mark) in generatedKeys {
                try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = ?", arguments: [table])
                try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [table, mark])
            }
        }
        if tables["storeInfo"] != nil {
            let defaultListID = try database.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM storeInfo WHERE key = 'defaultListID'") ?? ""
            }
            cachedDefaultListID.withLock { $0 = defaultListID }
        }
    }
}

extension StoreValue {
    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let integer): self = .integer(integer)
        case .double(let real): self = .real(real)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .blob(data)
        }
    }

    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let data): data.databaseValue
        }
    }
}
