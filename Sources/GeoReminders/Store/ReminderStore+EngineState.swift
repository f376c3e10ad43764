import Foundation
import GRDB

extension ReminderStore {
    /// Saves the alarm evaluator's state under `key`, replacing what was there.
    public func saveEngineState(_ snapshot: Data, forKey key: String) throws {
        let database = try authorizedDatabase(for: "save alarm evaluation state")
        try database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO engineState VALUES (?, ?, ?)",
                arguments: [key, snapshot, configuration.now().timeIntervalSinceReferenceDate])
        }
    }

    /// The state last saved under `key`, or nil.
    public func engineState(forKey key: String) throws -> Data? {
        let database = try authorizedDatabase(for: "read alarm evaluation state")
        return try database.read { db in
            try Data.fetchOne(db, sql: "SELECT snapshot FROM engineState WHERE key = ?", arguments: [key])
        }
    }

    /// Records when an alarm of a reminder fired and was acknowledged, without touching the
    /// rest of the reminder.
    public func setAlarmState(reminderID: String, alarmID: String, firedDate: Date?, acknowledgedDate: Date?) throws {
        let database = try authorizedDatabase(for: "record an alarm's state")
        let reminder = try Reminder.canonicalIdentifier(reminderID)
        let alarm = try Reminder.canonicalIdentifier(alarmID)
        try database.write { db in
            try db.execute(
                sql:
                    "UPDATE alarm SET firedDate = ?, acknowledgedDate = ? WHERE reminderNumber = (SELECT number FROM reminder WHERE id = ?) AND id = ?",
                arguments: [
                    firedDate?.timeIntervalSinceReferenceDate,
                    acknowledgedDate?.timeIntervalSinceReferenceDate, reminder, alarm,
                ])
            guard db.changesCount == 1 else { throw StoreError.alarmNotFound(reminderID: reminder, alarmID: alarm) }
        }
        observers.notify(.reminders)
    }
}
