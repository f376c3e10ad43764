import Foundation
import GRDB

extension ReminderStore {
    /// Records fired alarms, their outbox events and the alarm evaluator's state in one transaction,
    /// running `body` inside it after the writes and before the commit.
    ///
    /// The evaluator hands its events out in `body`, so an event is only ever handed out by a
    /// transaction that records it: if `body` or a write throws, nothing is written, outbox row
    /// included. Alarms that no longer exist (the reminder was deleted meanwhile) are skipped, and
    /// get no outbox row. An event whose id is already in the outbox (a replayed trace) is not added again.
    /// - Parameter lateAfter: an event that happened more than this many seconds before now is `late`.
    public func commitEvaluation(
        firedEvents: [AlarmEvent], lateAfter: TimeInterval,
        state: Data, forKey key: String, during body: () throws -> Void
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
            try db.execute(
                sql: "INSERT OR REPLACE INTO engineState VALUES (?, ?, ?)",
                arguments: [key, state, now.timeIntervalSinceReferenceDate])
            try body()
        }
        if !firedEvents.isEmpty { observers.notify() }
    }
}
