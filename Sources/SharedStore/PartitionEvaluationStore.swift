import Foundation
import GeoReminders
import GeofenceEngine
import PostgresNIO
import Synchronization

/// One partition's alarm evaluation on the shared PostgreSQL store: an ``EvaluationStore`` whose
/// state and fix log are the partition's (key `partition-N`, docs/scaling.md), and whose every
/// commit confirms the partition's lease in its own transaction, so an instance that lost the
/// lease commits nothing.
///
///     let store = PartitionEvaluationStore(lease: lease, owner: "instance-a", connection: connection)
///     let evaluator = try AlarmEvaluator(store: store, stateKey: store.stateKey)
///
/// Synchronous, as the evaluator is: each statement goes through postgres-nio's `EventLoopFuture`
/// API and is waited for (`wait()`), blocking the calling thread while the connection's event loop
/// does the I/O. That is safe on a thread of the evaluator's own: what it waits for needs neither
/// that thread nor Swift concurrency's pool. Never call it from an event loop (NIO traps) nor from
/// an async task, where it would hold one of the pool's few threads (two on a two-core machine).
///
/// The connection is the store's alone while it is used: a transaction spans several statements.
package final class PartitionEvaluationStore: EvaluationStore {
    package let lease: PartitionLease
    /// The instance holding ``lease``, as ``PartitionLeases/owner``.
    package let owner: String
    let connection: PostgresConnection
    /// The wall clock of `recordedDate`, `late` and `savedDate`.
    let now: @Sendable () -> Date
    /// True while a transaction of this store is open: a commit inside ``takeInbox(limit:_:)`` joins it.
    let inTransaction = Mutex(false)
    /// The reminders as the instance's other partitions loaded in the same round read them, if shared.
    let snapshot: ReminderSnapshot?

    package init(
        lease: PartitionLease, owner: String, connection: PostgresConnection, snapshot: ReminderSnapshot? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.lease = lease
        self.owner = owner
        self.connection = connection
        self.snapshot = snapshot
        self.now = now
    }

    /// The key of the partition's state and fix log: give it to the evaluator.
    package var stateKey: String { Self.stateKey(partition: lease.partition) }

    package static func stateKey(partition: Int) -> String { "partition-\(partition)" }

    /// The tables a reminder is read from.
    static let reminderTables: Set = ["list", "recurrenceSeries", "reminder", "alarm"]

    /// Reads the reminder tables as rows in one snapshot (a reminder and its alarms agree), loads
    /// them into an in-memory ``ReminderStore`` and reads them there: one reader of each record for
    /// both engines. With a ``ReminderSnapshot``, once for every partition of the round.
    package func incompleteReminders() throws -> [Reminder] {
        guard let snapshot else { return try readIncompleteReminders() }
        return try snapshot.reminders(readIncompleteReminders)
    }

    private func readIncompleteReminders() throws -> [Reminder] {
        var tables: [String: [[StoreValue]]] = [:]
        try transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", fenced: false) {
            for table in StoreCatalogue.tables(named: Self.reminderTables) {
                let rows = try run(PostgresQuery(unsafeSQL: "SELECT \(table.columns.joined(separator: ", ")) FROM \(table.name)"))
                tables[table.name] = try rows.map(StoreValue.cells(of:))
            }
        }
        let copy = try ReminderStore.workingCopy()
        try copy.loadSnapshot(tables)
        return try copy.incompleteReminders()
    }

    package func engineState(forKey key: String) throws -> Data? {
        try requireOwnKey(key)
        for row in try run("SELECT snapshot FROM engineState WHERE key = \(key)") {
            return Data(try row.decode(ByteBuffer.self).readableBytesView)
        }
        return nil
    }

    package func liveFixLog(forKey key: String) throws -> [Fix] {
        try requireOwnKey(key)
        let batches = try run("SELECT fixes FROM liveFixBatch WHERE stateKey = \(key) ORDER BY sequence").map { row in
            Data(try row.decode(ByteBuffer.self).readableBytesView)
        }
        return try FixLogBatch.log(batches, key: key)
    }

    func requireOwnKey(_ key: String) throws {
        guard key == stateKey else { throw SharedStoreError.foreignStateKey(key, partition: lease.partition) }
    }

    /// Runs one statement and waits for all its rows (see the type's note on blocking).
    @discardableResult
    func run(_ query: PostgresQuery) throws -> PostgresQueryResult {
        do {
            return try connection.blockingQuery(query)
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    /// Runs `work` in a transaction begun with `begin`, which first confirms the lease when
    /// `fenced`; rolled back if anything throws.
    func transaction<T>(begin: String, fenced: Bool, _ work: () throws -> T) throws -> T {
        precondition(!inTransaction.withLock { $0 }, "one transaction at a time: commits inside takeInbox join its own")
        do {
            return try connection.blockingTransaction(begin: begin) {
                inTransaction.withLock { $0 = true }
                defer { inTransaction.withLock { $0 = false } }
                if fenced, try run(PartitionLeases.confirmation(lease, owner: owner)).isEmpty {
                    throw SharedStoreError.leaseLost(partition: lease.partition)
                }
                return try work()
            }
        } catch let error as PSQLError {
            // BEGIN or COMMIT failed (the statements inside already say what failed in one line).
            throw PostgresSession.translate(error)
        }
    }

    /// Which of `partitions` have fixes in their inbox: one cheap statement (an index probe per
    /// partition) that spares an idle owner a transaction per partition per poll. Blocks, as the
    /// rest of this type does.
    package static func partitionsWithFixes(among partitions: [Int], on connection: PostgresConnection) throws -> Set<Int> {
        guard !partitions.isEmpty else { return [] }
        let numbers = partitions.map(Int64.init)
        do {
            let rows = try connection.blockingQuery(
                "SELECT p FROM unnest(\(numbers)) AS p WHERE EXISTS (SELECT 1 FROM fixInbox WHERE partition = p)")
            return Set(try rows.map { Int(try $0.decode(Int64.self)) })
        } catch {
            throw PostgresSession.translate(error)
        }
    }
}
