import Foundation
import GeoReminders
import PostgresNIO

/// The store protocol (``GeoReminders/StoreAccess``) on PostgreSQL: each piece of work runs on a
/// working copy — the tables it names, read in one REPEATABLE READ transaction into an in-memory
/// ``GeoReminders/ReminderStore`` — and the rows it changed are written back in that transaction.
/// So the store's rules have one implementation, the SQLite store's, on both engines, and a
/// command or API call behaves the same on either (docs/scaling.md weighs the cost: a copy of the
/// reminder tables per call, or of one account's rows of them, ``GeoReminders/StoreScope``).
///
/// A concurrent writer that changed a row the work changed too makes PostgreSQL refuse the write
/// (a serialization failure, or a duplicate key for rows both added); the work then runs again on
/// fresh rows, up to ``attempts`` times. Rows nobody else changed are never written, so a server
/// recording fired alarms conflicts only with work on the same alarms.
///
/// Blocking, as ``PartitionEvaluationStore`` is (postgres-nio's futures, waited for): never call
/// it on an event loop. Each piece of work holds one of its connections (a server's API calls run
/// side by side on as many as it opened).
package final class SharedWorkspace: StoreAccess, OutboxReading, Sendable {
    let connections: ConnectionShelf
    let configuration: StoreConfiguration
    /// How many times a piece of work runs before a conflict is reported.
    package let attempts: Int

    init(
        connections: [ReconnectingConnection], configuration: StoreConfiguration, attempts: Int,
        reachable: (@Sendable () -> Bool)? = nil
    ) {
        self.connections = ConnectionShelf(connections, reachable: reachable)
        self.configuration = configuration
        self.attempts = attempts
    }

    /// Connects (`connections` times) and brings the schema up to date.
    /// - Parameter configuration: what the working copies are opened with (locale, floating zone,
    ///   clock, unreadable-reminder report), as a SQLite store file would be.
    /// - Parameter reachable: a server's word on whether the database answers (its heartbeats):
    ///   while false, work is refused at once and work under way ends (``ConnectionShelf``).
    package static func open(
        _ address: PostgresAddress, configuration: StoreConfiguration = StoreConfiguration(), connections: Int = 1,
        attempts: Int = 30, reachable: (@Sendable () -> Bool)? = nil
    ) async throws -> SharedWorkspace {
        var opened: [PostgresConnection] = []
        do {
            for _ in 0..<max(1, connections) { opened.append(try await SharedDatabase.open(address)) }
        } catch {
            for connection in opened { try? await connection.close() }
            throw error
        }
        return SharedWorkspace(
            connections: opened.map { ReconnectingConnection(address: address, connection: $0) }, configuration: configuration,
            attempts: attempts, reachable: reachable)
    }

    package func close() async {
        for connection in connections.all { await connection.close() }
    }

    package func reading<T>(_ tables: StoreTables, _ scope: StoreScope, _ work: (ReminderStore) throws -> T) throws -> T {
        try perform(tables, scope, writes: false, attempts: 1, work)
    }

    package func writing<T>(
        _ tables: StoreTables, _ scope: StoreScope, retrying: Bool, _ work: (ReminderStore) throws -> T
    ) throws -> T {
        try perform(tables, scope, writes: true, attempts: retrying ? attempts : 1, work)
    }

    private func perform<T>(
        _ tables: StoreTables, _ scope: StoreScope, writes: Bool, attempts: Int, _ work: (ReminderStore) throws -> T
    ) throws -> T {
        var attempt = 1
        while true {
            do {
                return try connections.with { db in try performOnce(tables.tableNames, scope, writes: writes, work, on: db) }
            } catch let error as PSQLError where Self.isConflict(error) {
                guard attempt < attempts else { throw SharedStoreError.conflict(attempts: attempts) }
                attempt += 1
                // Spread out writers that collided, so they do not collide again.
                Thread.sleep(forTimeInterval: Double.random(in: 0.002...0.02) * Double(attempt))
            } catch let error as PSQLError {
                throw PostgresSession.translate(error)
            }
        }
    }

    private func performOnce<T>(
        _ tables: [String], _ scope: StoreScope, writes: Bool, _ work: (ReminderStore) throws -> T,
        on db: PostgresConnection
    ) throws -> T {
        try db.blockingTransaction(
            begin: writes ? "BEGIN ISOLATION LEVEL REPEATABLE READ" : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
        ) {
            var copy = try ReminderStore.workingCopy(configuration: configuration)
            var partial = scope != .everything
            // An account's copy holds the rows row-level security shows its role, which are the
            // rows the account may see, and what it writes back is held to them (``RowSecurity``).
            if case .seenBy(let account) = scope { try db.blockingQuery(RowSecurity.entering(account: account)) }
            try load(tables, into: copy, on: db)
            // Keys made for another locale or zone are rebuilt over every row, so not in a copy of
            // some of them: that writer reads the whole tables, once, as the store's owner.
            if writes, scope != .everything, tables.contains("storeInfo"), try !copy.storedSettingsAreCurrent() {
                try db.blockingQuery(RowSecurity.leaving)
                copy = try ReminderStore.workingCopy(configuration: configuration)
                try load(tables, into: copy, on: db)
                partial = false
            }
            // As the copy reads them back, so that a cell PostgreSQL types otherwise is no change.
            let before = writes ? try copy.rows(of: tables) : [:]
            // Keys made for another locale or zone are rebuilt, and written back, by writers only.
            if writes, tables.contains("storeInfo") { try copy.adoptStoredSettings() }
            let result = try work(copy)
            if writes { try writeBack(from: before, to: try copy.rows(of: tables), partial: partial, on: db) }
            return result
        }
    }

    /// Reads the rows of `tables` the transaction's role sees into `copy` (the outbox's events stay
    /// where they are: the copy only adds).
    private func load(_ tables: [String], into copy: ReminderStore, on db: PostgresConnection) throws {
        var rows: [String: [[StoreValue]]] = [:]
        for table in StoreCatalogue.tables(named: tables) where !table.isAppendOnly {
            var conditions: [String] = []
            // A shared server's partition states and fix logs are never part of a working copy.
            if let column = table.stateKeyColumn { conditions.append("\(column) NOT LIKE 'partition-%'") }
            let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            let select = "SELECT \(table.columns.joined(separator: ", ")) FROM \(table.name)\(filter)"
            rows[table.name] = try db.blockingQuery(PostgresQuery(unsafeSQL: select)).map(StoreValue.cells(of:))
        }
        try copy.loadSnapshot(rows, generatedKeys: try generatedKeyMarks(tables, on: db))
    }

    /// The last value each generated key of `tables` gave, so the copy's next keys are new here too;
    /// with the webhook endpoints, the outbox's, where a new endpoint's cursor starts.
    private func generatedKeyMarks(_ tables: [String], on db: PostgresConnection) throws -> [String: Int64] {
        var marks: [String: Int64] = [:]
        for table in StoreCatalogue.tables {
            guard let column = table.generatedKey,
                table.name == "outboxEvent" ? tables.contains("webhookEndpoint") : tables.contains(table.name)
            else { continue }
            let sql = """
                SELECT coalesce(pg_sequence_last_value(pg_get_serial_sequence('\(table.name.lowercased())', '\(column.lowercased())')::regclass), 0)
                """
            for row in try db.blockingQuery(PostgresQuery(unsafeSQL: sql)) { marks[table.name] = try row.decode(Int64.self) }
        }
        return marks
    }

    /// A refusal that running the work again on fresh rows resolves: a serialization failure, a
    /// deadlock, or a key both writers added.
    static func isConflict(_ error: PSQLError) -> Bool {
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return ["40001", "40P01", "23505"].contains(state)
    }
}

extension SharedWorkspace {
    package func outboxEvents(after sequence: Int64, limit: Int) throws -> [OutboxEvent] {
        try reading {
            try $0.blockingQuery(SharedOutbox.selection(after: sequence, limit: limit)).map {
                OutboxEvent(cells: try StoreValue.cells(of: $0))
            }
        }
    }

    package func outboxSequence(resumingAfter id: String) throws -> Int64 {
        try reading {
            for row in try $0.blockingQuery("SELECT sequence FROM outboxEvent WHERE id = \(id)") { return try row.decode(Int64.self) }
            return 0
        }
    }

    package func outboxEnd() throws -> Int64 {
        try reading {
            for row in try $0.blockingQuery("SELECT coalesce(max(sequence), 0)::bigint FROM outboxEvent") {
                return try row.decode(Int64.self)
            }
            return 0
        }
    }

    package func outboxEvents(devices: [String], after sequence: Int64, limit: Int) throws -> [OutboxEvent] {
        guard !devices.isEmpty else { return [] }
        return try reading {
            try $0.blockingQuery(
                """
                SELECT \(unescaped: OutboxEvent.columns) FROM outboxEvent WHERE device = ANY(\(devices)) AND sequence > \(sequence)
                ORDER BY sequence LIMIT \(limit)
                """
            ).map { OutboxEvent(cells: try StoreValue.cells(of: $0)) }
        }
    }

    package func outboxSequence(devices: [String], recordedBefore date: Date) throws -> Int64 {
        guard !devices.isEmpty else { return 0 }
        let seconds = date.timeIntervalSinceReferenceDate
        return try reading {
            for row in try $0.blockingQuery(
                """
                SELECT coalesce(max(sequence), 0)::bigint FROM outboxEvent
                WHERE device = ANY(\(devices)) AND recordedDate < \(seconds)
                """)
            {
                return try row.decode(Int64.self)
            }
            return 0
        }
    }

    /// One statement's reading, on a connection of its own meanwhile.
    private func reading<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        do {
            return try connections.with(body)
        } catch {
            throw PostgresSession.translate(error)
        }
    }
}
