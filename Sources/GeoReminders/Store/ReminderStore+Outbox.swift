import Foundation
import GRDB

extension ReminderStore {
    /// Outbox events after `sequence` in insertion order, at most `limit`: what a reader that saw up
    /// to `sequence` has not seen (an event stream resumes from here).
    public func outboxEvents(after sequence: Int64 = 0, limit: Int = 1000) throws -> [OutboxEvent] {
        let database = try authorizedDatabase(for: "read the outbox")
        return try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(OutboxEvent.columns) FROM outboxEvent WHERE sequence > ? ORDER BY sequence LIMIT ?",
                arguments: [sequence, limit]
            ).map(OutboxEvent.init(row:))
        }
    }

    /// The outbox event with identifier `id`, or nil.
    public func outboxEvent(id: String) throws -> OutboxEvent? {
        let database = try authorizedDatabase(for: "read the outbox")
        return try database.read { db in
            try Row.fetchOne(db, sql: "SELECT \(OutboxEvent.columns) FROM outboxEvent WHERE id = ?", arguments: [id])
                .map(OutboxEvent.init(row:))
        }
    }

    /// Deletes the events recorded more than `keep` seconds before now that every endpoint is done
    /// with (queued past by every enabled endpoint, no delivery pending); returns how many.
    @discardableResult
    public func pruneOutbox(keep: TimeInterval) throws -> Int {
        let database = try authorizedDatabase(for: "prune the outbox")
        let limit = configuration.now().addingTimeInterval(-keep).timeIntervalSinceReferenceDate
        return try database.write { db in
            try db.execute(
                sql: """
                    DELETE FROM outboxEvent WHERE recordedDate < ?
                    AND sequence <= COALESCE((SELECT MIN(cursor) FROM webhookEndpoint WHERE disabledDate IS NULL), sequence)
                    AND NOT EXISTS (SELECT 1 FROM webhookDelivery WHERE eventSequence = outboxEvent.sequence)
                    """, arguments: [limit])
            return db.changesCount
        }
    }
}

extension ReminderStore {
    /// Where a reader that last saw event `id` resumes: after that event, or — when it was pruned
    /// or never existed — from the oldest event kept, so that a reader misses nothing (it may see
    /// events again, and deduplicates on their ids).
    public func outboxSequence(resumingAfter id: String) throws -> Int64 {
        try outboxEvent(id: id)?.sequence ?? 0
    }

    /// The newest event's sequence (0 for an empty outbox): a reader starting here sees what is
    /// recorded from now on.
    public func outboxEnd() throws -> Int64 {
        let database = try authorizedDatabase(for: "read the outbox")
        return try database.read { db in try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(sequence), 0) FROM outboxEvent") ?? 0 }
    }
}
