import Foundation
import GRDB
import GeofenceEngine

/// The embedded store as the evaluator's: reminders through the store's one reader, the state,
/// fix log and commit in the SQLite file.
extension ReminderStore: EvaluationStore {
    public func incompleteReminders() throws -> [Reminder] {
        try reminders(matching: ReminderPredicate(completion: .incomplete), sortedBy: .creationDate)
    }
}

extension ReminderStore {
    /// Records fired alarms, their outbox events and the alarm evaluator's state in one transaction,
    /// running `body` inside it after the writes and before the commit.
    ///
    /// The evaluator hands its events out in `body`, so an event is only ever handed out by a
    /// transaction that records it: if `body` or a write throws, nothing is written, outbox row
    /// included. Alarms that no longer exist (the reminder was deleted meanwhile) are skipped, and
    /// get no outbox row. An event whose id is already in the outbox (a replayed trace) is not added again.
    /// - Parameters:
    ///   - lateAfter: an event that happened more than this many seconds before now is `late`.
    ///   - state: the evaluator's whole state, which empties the fix log of `key`; nil keeps the
    ///     saved state and appends `loggedFixes` to the log instead (a live server's cheap commit).
    public func commitEvaluation(
        firedEvents: [AlarmEvent], lateAfter: TimeInterval,
        state: Data?, forKey key: String, loggedFixes: [Fix] = [], during body: () throws -> Void
    ) throws {
        let database = try authorizedDatabase(for: "save alarm evaluation state")
        let now = configuration.now()
        try database.write { db in
            // Cached and bound without boxes: a live server commits hundreds of times a second, and
            // preparing these and boxing each fix's arguments was most of a commit's own time.
            let update = try db.cachedStatement(
                sql: "UPDATE alarm SET firedDate = ? WHERE reminderNumber = (SELECT number FROM reminder WHERE id = ?) AND id = ?")
            for event in firedEvents {
                try update.run { binder in
                    try binder.bind(event.time)
                    try binder.bind(event.reminder.id)
                    try binder.bind(event.alarm.id)
                }
                guard db.changesCount == 1 else { continue }
                try OutboxEvent(event, recordedDate: now, lateAfter: lateAfter).insert(db)
            }
            if let state {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO engineState VALUES (?, ?, ?)",
                    arguments: [key, state, now.timeIntervalSinceReferenceDate])
                try db.execute(sql: "DELETE FROM liveFixBatch WHERE stateKey = ?", arguments: [key])
            }
            if !loggedFixes.isEmpty {
                try db.cachedStatement(sql: "INSERT INTO liveFixBatch (stateKey, fixes) VALUES (?, ?)")
                    .execute(arguments: [key, FixLogBatch.encode(loggedFixes)])
            }
            try body()
        }
        if !firedEvents.isEmpty { observers.notify(.evaluation) }
    }
}

extension ReminderStore {
    /// The fixes logged under `key` since its state was last saved whole, in the order admitted.
    public func liveFixLog(forKey key: String) throws -> [Fix] {
        let database = try authorizedDatabase(for: "read alarm evaluation state")
        return try database.read { db in
            try FixLogBatch.log(
                Data.fetchAll(db, sql: "SELECT fixes FROM liveFixBatch WHERE stateKey = ? ORDER BY sequence", arguments: [key]),
                key: key)
        }
    }
}
