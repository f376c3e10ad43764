import Foundation
import GRDB

extension ReminderStore {
    /// Saves the alarm evaluator's state under `key`, replacing what was there.
    public func saveEngineState(_ snapshot: Data, forKey key: String) throws {
        let database = try authorizedDatabase(for: "save alarm evaluation state")
        try database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO engineState VALUES (?, ?, ?)",
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

    /// Records when an alarm fired and was acknowledged, without touching the rest of its reminder.
    public func setAlarmState(alarmID: String, firedDate: Date?, acknowledgedDate: Date?) throws {
        let database = try authorizedDatabase(for: "record an alarm's state")
        let canonical = try Reminder.canonicalIdentifier(alarmID)
        try database.write { db in
            try db.execute(sql: "UPDATE alarm SET firedDate = ?, acknowledgedDate = ? WHERE id = ?",
                           arguments: [firedDate?.timeIntervalSinceReferenceDate,
                                       acknowledgedDate?.timeIntervalSinceReferenceDate, canonical])
            guard db.changesCount == 1 else { throw StoreError.alarmNotFound(id: canonical) }
        }
        observers.notify()
    }
}
