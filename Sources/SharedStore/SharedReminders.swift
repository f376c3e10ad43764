import Foundation
import PostgresNIO

/// The reminders on PostgreSQL as a server watches them.
package enum SharedReminders {
    /// The query behind ``fingerprint(on:)``, also run blocking (the region catalogue's stamp).
    static let fingerprintQuery: PostgresQuery = """
        SELECT count(*)::float8, coalesce(sum(lastModifiedDate), 0), count(*) FILTER (WHERE isCompleted)::float8,
            coalesce(max(number), 0)::float8
        FROM reminder
        """

    /// ``GeoReminders/ReminderStore/reminderFingerprint()`` on PostgreSQL: moves when a reminder is
    /// added, edited, completed or deleted, not when alarms are recorded fired.
    package static func fingerprint(on db: PostgresConnection) async throws -> [Double] {
        do {
            let rows = try await db.query(fingerprintQuery, logger: PostgresSession.logger)
            for try await (count, modified, completed, number) in rows.decode((Double, Double, Double, Double).self) {
                return [count, modified, completed, number]
            }
            return []
        } catch {
            throw PostgresSession.translate(error)
        }
    }
}
