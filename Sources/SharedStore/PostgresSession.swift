import Foundation
import GeoReminders
import Logging
import PostgresNIO

/// Connecting, the schema and the small statements every use of a PostgreSQL store shares.
enum PostgresSession {
    /// postgres-nio logs every query at debug level; georemind reports failures itself.
    static let logger: Logger = {
        var logger = Logger(label: "georemind.postgres")
        logger.logLevel = .error
        return logger
    }()

    /// A key for `pg_advisory_xact_lock`: creating or migrating the schema takes turns across
    /// processes, as the SQLite side's file lock does.
    static let schemaLockKey: Int64 = 0x6765_6f72_656d_6e64  // "georemnd"

    static func connect(to address: PostgresAddress) async throws -> PostgresConnection {
        let configuration: PostgresConnection.Configuration
        do {
            configuration = try address.configuration()
        } catch {
            throw SharedStoreError.cannotConnect(address.description, reason: "TLS: \(error)")
        }
        do {
            return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            throw SharedStoreError.cannotConnect(address.description, reason: reason(error))
        }
    }

    /// Creates the tables, or adds the migrations the database lacks; refuses a database whose
    /// schema a newer georemind wrote. Runs inside the caller's transaction.
    static func prepareSchema(_ connection: PostgresConnection) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(\(schemaLockKey))", logger: logger)
        try await connection.query(
            "CREATE TABLE IF NOT EXISTS schemaMigration (identifier text PRIMARY KEY, appliedDate double precision NOT NULL)",
            logger: logger)
        var applied: Set<String> = []
        for try await identifier in try await connection.query("SELECT identifier FROM schemaMigration", logger: logger)
            .decode(String.self)
        {
            applied.insert(identifier)
        }
        let known = Set(PostgresSchema.migrations.map(\.identifier))
        if let unknown = applied.subtracting(known).sorted().first { throw SharedStoreError.newerSchema(unknown) }
        for (identifier, statements) in PostgresSchema.migrations where !applied.contains(identifier) {
            for statement in statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            let now = Date().timeIntervalSinceReferenceDate
            try await connection.query(
                "INSERT INTO schemaMigration (identifier, appliedDate) VALUES (\(identifier), \(now))", logger: logger)
        }
    }

    /// Gives a store that has none its default list, as SQLite's first open does: one statement,
    /// so instances opening a new database together make one.
    static func seedDefaultList(_ connection: PostgresConnection) async throws {
        let id = UUID().uuidString.lowercased()
        let now = Date().timeIntervalSinceReferenceDate
        try await connection.query(
            """
            WITH seeded AS (
                INSERT INTO storeInfo (key, value) VALUES ('defaultListID', \(id)) ON CONFLICT (key) DO NOTHING RETURNING value),
            made AS (
                INSERT INTO list (id, title, colour, allowsContentModifications, creationDate)
                SELECT value, 'Reminders', \(ReminderList.defaultColour), true, \(now) FROM seeded RETURNING id)
            INSERT INTO listMember (listID, account, role) SELECT id, 'default', 'owner' FROM made
            """, logger: logger)
    }

    /// True when the store holds only what ``seedDefaultList(_:)`` and a working copy's settings put
    /// there: a new store, which `migrate` may still copy into once those rows are cleared.
    static func holdsOnlyTheDefaultList(_ connection: PostgresConnection) async throws -> Bool {
        let rows = try await cells(
            """
            SELECT (SELECT count(*) FROM list) = 1 AND (SELECT count(*) FROM reminder) = 0
                AND NOT EXISTS (SELECT 1 FROM storeInfo WHERE key NOT IN ('defaultListID', 'sortLocale', 'floatingZone', 'actionKey'))
            """, on: connection)
        return rows.first == [.integer(1)]
    }

    /// Every row `query` returns, as SQLite would hold its cells.
    static func cells(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> [[StoreValue]] {
        var rows: [[StoreValue]] = []
        for try await row in try await connection.query(query, logger: logger) {
            rows.append(try StoreValue.cells(of: row))
        }
        return rows
    }

    static func count(_ table: String, on connection: PostgresConnection) async throws -> Int {
        let rows = try await connection.query(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), logger: logger)
        for try await count in rows.decode(Int64.self) { return Int(count) }
        return 0
    }

    /// Sets each generated key's next value past both the largest key copied and the largest SQLite
    /// ever gave (a deleted outbox event's sequence must not come back).
    static func advanceGeneratedKeys(pastAtLeast marks: [String: Int64], on connection: PostgresConnection) async throws {
        for table in StoreCatalogue.tables {
            guard let column = table.generatedKey else { continue }
            let floor = marks[table.name] ?? 0
            let sql = """
                SELECT setval(pg_get_serial_sequence('\(table.name.lowercased())', '\(column.lowercased())'),
                    GREATEST((SELECT coalesce(max(\(column)), 0) FROM \(table.name)), $1) + 1, false)
                """
            var binds = PostgresBindings()
            binds.append(floor)
            try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
        }
    }

    /// One INSERT of `rows` (cells in `columns` order, as SQLite holds them) into `table`, each
    /// cell typed as its PostgreSQL column expects; `suffix` follows the VALUES (`ON CONFLICT ...`).
    static func insertion(_ rows: [[StoreValue]], into table: String, columns: [String], suffix: String = "") -> PostgresQuery {
        var bindings = PostgresBindings(capacity: rows.count * columns.count)
        let booleans = StoreCatalogue.table(table)?.booleanColumns ?? []
        var tuples: [String] = []
        tuples.reserveCapacity(rows.count)
        var parameter = 0
        for row in rows {
            var placeholders: [String] = []
            for (column, value) in zip(columns, row) {
                parameter += 1
                placeholders.append("$\(parameter)")
                bind(value, boolean: booleans.contains(column), to: &bindings)
            }
            tuples.append("(" + placeholders.joined(separator: ",") + ")")
        }
        let sql = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES " + tuples.joined(separator: ",") + suffix
        return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }

    /// Binds one SQLite cell as its PostgreSQL column expects it.
    static func bind(_ value: StoreValue, boolean: Bool, to bindings: inout PostgresBindings) {
        switch value {
        case .null: bindings.appendNull()
        case .integer(let integer) where boolean: bindings.append(integer != 0)
        case .integer(let integer): bindings.append(integer)
        case .real(let real): bindings.append(real)
        case .text(let text): bindings.append(text)
        case .blob(let data): bindings.append(ByteBuffer(bytes: data))
        }
    }

    /// A PostgreSQL failure as one line a user can act on.
    static func translate(_ error: any Error) -> any Error {
        // The store's own refusals, thrown inside a transaction, are the user's to read as they are.
        if error is SharedStoreError || error is StoreError || error is WebhookError { return error }
        if let failed = error as? PostgresTransactionError {
            // The first failure is the one to report; a failed rollback after it adds nothing.
            if let cause = failed.beginError ?? failed.closureError ?? failed.commitError ?? failed.rollbackError {
                return translate(cause)
            }
        }
        return SharedStoreError.server(reason(error))
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return "\(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }
}
