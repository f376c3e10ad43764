import GRDB

extension ReminderStore {
    /// A cheap summary of the reminders that moves whenever one is added, edited, completed or
    /// deleted (every save sets `lastModifiedDate`), and not when an evaluation records fired
    /// alarms: a server reloads its evaluator only when this changes.
    public func reminderFingerprint() throws -> [Double] {
        let database = try authorizedDatabase(for: "read the reminders' fingerprint", allowedWith: [.full, .writeOnly])
        return try database.read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT count(*), total(lastModifiedDate), total(isCompleted), ifnull(max(number), 0) FROM reminder
                    """)
            return row.map { [$0[0], $0[1], $0[2], $0[3]] } ?? []
        }
    }
}
