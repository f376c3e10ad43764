import Foundation

extension ReminderStore {
    /// The timed alarms of incomplete reminders due at or before `date` that have not fired, as
    /// `time` events in the evaluator's order (instant, then the reminder's creation date and id,
    /// then the alarm's position): `georemind due [--at DATE]`.
    public func dueAlarms(at date: Date, floatingZone: TimeZone = .current) throws -> [AlarmEvent] {
        var due: [(order: Int, event: AlarmEvent)] = []
        for reminder in try incompleteReminders() {
            let summary = AlarmEvent.ReminderSummary(reminder)
            for alarm in reminder.alarms where alarm.firedDate == nil {
                guard let instant = alarm.fireDate(due: reminder.dueDate, floatingZone: floatingZone), instant <= date else { continue }
                due.append((due.count, AlarmEvent(time: instant, kind: .time, reminder: summary, alarm: alarm)))
            }
        }
        due.sort { ($0.event.time, $0.order) < ($1.event.time, $1.order) }
        return due.map(\.event)
    }
}
