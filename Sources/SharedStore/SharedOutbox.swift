import Foundation
import GeoReminders
import PostgresNIO

/// The outbox on PostgreSQL. Rows are written and read as the cells of ``OutboxEvent``'s storage,
/// the one place that knows the row's columns for both engines.
public enum SharedOutbox {
    /// Outbox events after `sequence` in insertion order, at most `limit`.
    public static func events(after sequence: Int64 = 0, limit: Int = 1000, on db: PostgresConnection) async throws
        -> [OutboxEvent]
    {
        do {
            var events: [OutboxEvent] = []
            for try await row in try await db.query(selection(after: sequence, limit: limit), logger: PostgresSession.logger) {
                events.append(OutboxEvent(cells: try StoreValue.cells(of: row)))
            }
            return events
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    static func selection(after sequence: Int64, limit: Int) -> PostgresQuery {
        "SELECT \(unescaped: OutboxEvent.columns) FROM outboxEvent WHERE sequence > \(sequence) ORDER BY sequence LIMIT \(limit)"
    }

    /// Inserts `event`'s row unless an event with the same id is there already (a replayed
    /// trace), as SQLite's `INSERT OR IGNORE` does.
    static func insertion(_ event: OutboxEvent) -> PostgresQuery {
        PostgresSession.insertion(
            [event.insertedValues], into: "outboxEvent", columns: Array(OutboxEvent.columnNames.dropFirst()),
            suffix: " ON CONFLICT (id) DO NOTHING")
    }
}
