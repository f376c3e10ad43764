import Foundation
import GRDB

extension ReminderStore {
    /// Reads every copied table from one snapshot of the store (a read transaction: writers may
    /// go on meanwhile, the copy sees none of their changes), handing out rows in batches.
    /// - Parameter body: called with the table, its row count, then each batch of rows (the
    ///   cells in the catalogue's column order, ``StoreTable/columns``); a batch of zero rows ends each table.
    /// - Returns: each AUTOINCREMENT table's highest key ever given (SQLite never reuses one, nor
    ///   may the copy: webhook cursors and event ids refer to them).
    @discardableResult
    public func readSnapshot(
        batchSize: Int = 1000, _ body: (_ table: String, _ rowCount: Int, _ rows: [[StoreValue]]) throws -> Void
    ) throws -> [String: Int64] {
        try readSnapshot(of: StoreCatalogue.tables.map(\.name), batchSize: batchSize, body)
    }

    /// The rows of `tables` (of ``StoreCatalogue``), keyed by table, read in one snapshot: what a
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
        return try database.read { db in
            for table in StoreCatalogue.tables(named: tables) {
                let (name, columns) = (table.name, table.columns)
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(name)") ?? 0
                let select = try db.makeStatement(
                    sql: "SELECT \(columns.joined(separator: ", ")) FROM \(name) ORDER BY \(table.readingOrder)")
                var batch: [[StoreValue]] = []
                batch.reserveCapacity(min(batchSize, count))
                let width = Int32(columns.count)
                try select.forEachRow(arguments: []) { row in
                    batch.append((0..<width).map(row.storeValue))
                    if batch.count == batchSize {
                        try body(name, count, batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                if !batch.isEmpty { try body(name, count, batch) }
                try body(name, count, [])
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
    ///   - tables: rows by table, each a table of ``StoreCatalogue`` with its cells in that column order.
    ///   - generatedKeys: the highest key each AUTOINCREMENT table ever gave where the rows came
    ///     from, so keys this store gives next are new there too.
    public func loadSnapshot(_ tables: [String: [[StoreValue]]], generatedKeys: [String: Int64] = [:]) throws {
        guard path == nil else { throw StoreError.notInMemory(operation: "load copied rows") }
        let database = try authorizedDatabase(for: "load copied rows")
        let loaded = StoreCatalogue.tables(named: tables.keys)
        precondition(loaded.count == tables.count, "only tables of StoreCatalogue are loaded")
        try database.write { db in
            for table in loaded.reversed() { try db.execute(sql: "DELETE FROM \(table.name)") }
            for (table, columns) in loaded.map({ ($0.name, $0.columns) }) {
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
