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
            let update = try db.makeStatement(
                sql: "UPDATE alarm SET firedDate = ? WHERE reminderNumber = (SELECT number FROM reminder WHERE id = ?) AND id = ?")
            for event in firedEvents {
                try update.execute(arguments: [event.time.timeIntervalSinceReferenceDate, event.reminder.id, event.alarm.id])
                guard db.changesCount == 1 else { continue }
                try OutboxEvent(event, recordedDate: now, lateAfter: lateAfter).insert(db)
            }
            if let state {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO engineState VALUES (?, ?, ?)",
                    arguments: [key, state, now.timeIntervalSinceReferenceDate])
                try db.execute(sql: "DELETE FROM liveFix WHERE stateKey = ?", arguments: [key])
            }
            if !loggedFixes.isEmpty {
                let insert = try db.makeStatement(
                    sql: "INSERT INTO liveFix (stateKey, device, time, latitude, longitude, accuracy) VALUES (?, ?, ?, ?, ?, ?)")
                for fix in loggedFixes {
                    try insert.execute(arguments: [
                        key, fix.device, fix.time?.timeIntervalSinceReferenceDate, fix.coordinate.latitude,
                        fix.coordinate.longitude, fix.accuracy,
                    ])
                }
            }
            try body()
        }
        if !firedEvents.isEmpty { observers.notify() }
    }
}

extension ReminderStore {
    /// The fixes logged under `key` since its state was last saved whole, in the order admitted.
    public func liveFixLog(forKey key: String) throws -> [Fix] {
        let database = try authorizedDatabase(for: "read alarm evaluation state")
        return try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT device, time, latitude, longitude, accuracy FROM liveFix WHERE stateKey = ? ORDER BY sequence",
                arguments: [key]
            ).map { row in
                Fix(
                    time: (row[1] as Double?).map(Date.init(timeIntervalSinceReferenceDate:)), latitude: row[2], longitude: row[3],
                    accuracy: row[4], device: row[0])
            }
        }
    }
}
