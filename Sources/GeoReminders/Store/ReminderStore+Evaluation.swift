import Foundation
import GRDB

extension ReminderStore {
    /// Records fired alarms and saves the alarm evaluator's state in one transaction, running `body`
    /// inside it after the writes and before the commit.
    ///
    /// The evaluator hands its events out in `body`, so an event is only ever handed out by a
    /// transaction that records it: if `body` or a write throws, nothing is written. Alarms that no
    /// longer exist (the reminder was deleted meanwhile) are skipped.
    public func commitEvaluation(firedAlarms: [(reminderID: String, alarmID: String, date: Date)],
                                 state: Data, forKey key: String, during body: () throws -> Void) throws {
        let database = try authorizedDatabase(for: "save alarm evaluation state")
        try database.write { db in
            let update = try db.makeStatement(sql: "UPDATE alarm SET firedDate = ? WHERE reminderNumber = (SELECT number FROM reminder WHERE id = ?) AND id = ?")
            for fired in firedAlarms {
                try update.execute(arguments: [fired.date.timeIntervalSinceReferenceDate, fired.reminderID, fired.alarmID])
            }
            try db.execute(sql: "INSERT OR REPLACE INTO engineState VALUES (?, ?, ?)",
                           arguments: [key, state, configuration.now().timeIntervalSinceReferenceDate])
            try body()
        }
        if !firedAlarms.isEmpty { observers.notify() }
    }
}
