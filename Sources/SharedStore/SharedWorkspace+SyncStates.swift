import Foundation
import GeoReminders
import PostgresNIO

/// Sync states on PostgreSQL: every server of the store knows the tokens any of them handed out.
extension SharedWorkspace: SyncStates {
    package func recordSyncState(token: String, collection: String, members: [String: String]) throws {
        let text = SyncStateRecord.encode(members)
        let kept = SyncStateRecord.keptPerCollection
        do {
            try connections.with { db in
                try db.blockingQuery(
                    """
                    INSERT INTO davSyncState (token, collection, members, generation)
                    VALUES (\(token), \(collection), \(text), (SELECT COALESCE(MAX(generation), 0) + 1 FROM davSyncState))
                    ON CONFLICT (token) DO UPDATE SET generation = excluded.generation
                    """)
                try db.blockingQuery(
                    """
                    DELETE FROM davSyncState WHERE collection = \(collection) AND token NOT IN (
                        SELECT token FROM davSyncState WHERE collection = \(collection) ORDER BY generation DESC LIMIT \(kept))
                    """)
                try db.blockingQuery(PostgresQuery(unsafeSQL: SyncStateRecord.pruneDeletedLists))
            }
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    package func syncState(token: String, collection: String) throws -> [String: String]? {
        do {
            return try connections.with { db in
                for row in try db.blockingQuery(
                    "SELECT members FROM davSyncState WHERE token = \(token) AND collection = \(collection)")
                {
                    return SyncStateRecord.decode(try row.decode(String.self))
                }
                return nil
            }
        } catch {
            throw PostgresSession.translate(error)
        }
    }
}
