import Foundation
import GRDB

/// Sync states in the SQLite file, beside the reminders they describe.
extension ReminderStore: SyncStates {
    public func recordSyncState(token: String, collection: String, members: [String: String]) throws {
        let database = try authorizedDatabase(for: "record a sync token")
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO davSyncState (token, collection, members, generation)
                    VALUES (?, ?, ?, (SELECT COALESCE(MAX(generation), 0) + 1 FROM davSyncState))
                    ON CONFLICT (token) DO UPDATE SET generation = excluded.generation
                    """, arguments: [token, collection, SyncStateRecord.encode(members)])
            try db.execute(
                sql: """
                    DELETE FROM davSyncState WHERE collection = ? AND token NOT IN (
                        SELECT token FROM davSyncState WHERE collection = ? ORDER BY generation DESC LIMIT ?)
                    """, arguments: [collection, collection, SyncStateRecord.keptPerCollection])
            try db.execute(sql: SyncStateRecord.pruneDeletedLists)
        }
    }

    public func syncState(token: String, collection: String) throws -> [String: String]? {
        let database = try authorizedDatabase(for: "read a sync token")
        return try database.read { db in
            try String.fetchOne(
                db, sql: "SELECT members FROM davSyncState WHERE token = ? AND collection = ?", arguments: [token, collection])
        }.flatMap(SyncStateRecord.decode)
    }
}
