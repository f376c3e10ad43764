import GRDB

extension ReminderStore {
    /// Commits a transaction that rewrites the database header's `user_version` with its own value:
    /// a page written to the WAL, so it fails as a real commit would on a full disk, and changes
    /// nothing (GRDB's migrations keep their own table). A server asks it after a failed commit.
    public func probeWrite() throws {
        try authorizedDatabase(for: "probe the store").write { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            try db.execute(sql: "PRAGMA user_version = \(version)")
        }
    }
}
