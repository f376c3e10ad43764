import GeoReminders
import ReminderViews

/// Reminders as `list` prints them: aligned columns, a header, `-` for nothing.
struct ReminderTable {
    let rows: [[String]]

    init(_ reminders: [Reminder], listTitles: ListTitles) {
        let header = ["ID", "PRIORITY", "DUE", "TITLE", "PLACE", "LIST"]
        rows =
            [header]
            + reminders.map { reminder in
                [
                    String(reminder.id.prefix(8)),
                    reminder.priorityLevel == .none ? "-" : reminder.priorityLevel.rawValue,
                    reminder.dueDate?.iso8601 ?? "-",
                    reminder.title + (reminder.isCompleted ? " ✓" : ""),
                    Self.place(of: reminder) ?? "-",
                    listTitles[reminder.listID] ?? "-",
                ]
            }
    }

    var text: String { TextTable(rows: rows).text }

    /// The place of the first location alarm: `Work (leaving)`.
    static func place(of reminder: Reminder) -> String? {
        for alarm in reminder.alarms {
            guard case let .location(location, proximity) = alarm.trigger else { continue }
            switch proximity {
            case .leave: return "\(location.title) (leaving)"
            case .enter: return "\(location.title) (arriving)"
            case .none: return location.title
            }
        }
        return nil
    }
}
