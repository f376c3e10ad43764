import Foundation
import GeoReminders
import PostgresNIO

/// The outbox on PostgreSQL. Rows are written and read as the cells of ``OutboxEvent``'s storage,
/// the one place that knows the row's columns for both engines.
package enum SharedOutbox {
    /// Outbox events after `sequence` in insertion order, at most `limit`.
    package static func events(after sequence: Int64 = 0, limit: Int = 1000, on db: PostgresConnection) async throws
        -> [OutboxEvent]
    {
        do {
            return try await PostgresSession.cells(selection(after: sequence, limit: limit), on: db).map(OutboxEvent.init(cells:))
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    static func selection(after sequence: Int64, limit: Int) -> PostgresQuery {
        "SELECT \(unescaped: OutboxEvent.columns) FROM outboxEvent WHERE sequence > \(sequence) ORDER BY sequence LIMIT \(limit)"
    }

    /// The statements that append `events` to the outbox inside a transaction: the append turn,
    /// then each event's row (nothing, and no turn, for no event).
    ///
    /// The turn is why a cursor can follow `sequence`: PostgreSQL draws a sequence when the row is
    /// inserted, not when its transaction commits, so two appends committing out of order would let
    /// a reader pass a sequence that becomes visible after it read. Holding a transaction-level
    /// advisory lock from before the first row is drawn until commit makes appends commit, and
    /// become visible, in the order they drew their sequences (docs/scaling.md). Take it after the
    /// transaction's other row locks: a transaction that holds it then waits for nobody who waits for it.
    static func appending(_ events: [OutboxEvent]) -> [PostgresQuery] {
        events.isEmpty ? [] : [appendTurn] + events.map(insertion)
    }

    /// Held until the transaction ends; released by PostgreSQL after the commit is visible.
    static let appendTurn: PostgresQuery = "SELECT pg_advisory_xact_lock(\(unescaped: String(appendLockKey)))"

    /// The `pg_advisory_xact_lock` key of outbox appends (the schema's lock is another).
    static let appendLockKey: Int64 = 0x6f75_7462_6f78_2d61  // "outbox-a"

    /// Inserts `event`'s row unless an event with the same id is there already (a replayed
    /// trace), as SQLite's `INSERT OR IGNORE` does.
    private static func insertion(_ event: OutboxEvent) -> PostgresQuery {
        PostgresSession.insertion(
            [event.insertedValues], into: "outboxEvent", columns: Array(OutboxEvent.columnNames.dropFirst()),
            suffix: " ON CONFLICT (id) DO NOTHING")
    }
}
