/// An alarm that can still fire in this run, with what its events show.
struct ArmedAlarm {
    var reminder: AlarmEvent.ReminderSummary
    var alarm: Alarm
    /// The place and the transition that fires a location alarm; nil for timed alarms.
    var location: StructuredLocation?
    var proximity: Proximity?

    /// Names an alarm across runs; also the engine's fence id for a location alarm.
    static func key(reminderID: String, alarmID: String) -> String { reminderID + "/" + alarmID }
}
