import PostgresNIO

/// What a writer tells the instances sharing a PostgreSQL store, through `NOTIFY` on one channel
/// (delivered when its transaction commits, never for one rolled back): fixes are waiting in an
/// inbox, or the reminders changed. A listener wakes at once instead of at its next poll; the
/// polls stay, for writers that do not notify (a person with `psql`) and a listener reconnecting.
package enum StoreNotification: String, Sendable {
    case inbox
    case reminders

    /// The channel every instance listens on.
    package static let channel = "georemind"

    /// The statement that sends this notification with the transaction it runs in.
    var statement: PostgresQuery {
        "SELECT pg_notify(\(Self.channel), \(rawValue))"
    }

    /// Sends this notification with the transaction `db` is in.
    package func send(on db: PostgresConnection) async throws {
        do {
            try await db.query(statement, logger: PostgresSession.logger)
        } catch {
            throw PostgresSession.translate(error)
        }
    }
}
