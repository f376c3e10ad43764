/// An alarm that can still fire in this run, with what its events show.
struct ArmedAlarm {
    var reminder: AlarmEvent.ReminderSummary
    var alarm: Alarm
    /// The place and the transition that fires a location alarm; nil for timed alarms.
    var location: StructuredLocation?
    var proximity: Proximity?

    /// The engine's fence id for a location alarm: unique per alarm, stable across runs.
    static func fenceID(reminderID: String, alarmID: String) -> String { reminderID + "/" + alarmID }
}
