import Foundation
import GeoReminders
import ReminderViews

/// One reminder as `show` prints it: a field per line, empty fields left out.
struct ReminderDetail {
    let reminder: Reminder
    let listTitle: String?
    /// The parent's title, when it is a subtask; "(missing)" when the parent is gone.
    var parentTitle: String? = nil
    /// Its subtasks, in creation order.
    var subtasks: [Reminder] = []

    var text: String {
        var rows: [[String]] = [["id:", reminder.id], ["title:", reminder.title]]
        func add(_ label: String, _ value: String?) {
            if let value { rows.append([label + ":", value]) }
        }
        add("list", listTitle)
        let level = reminder.priorityLevel
        add("priority", level == .none ? nil : "\(level.rawValue) (\(reminder.priority))")
        add("notes", reminder.notes)
        add("url", reminder.url)
        add("tags", reminder.tags.isEmpty ? nil : reminder.tags.joined(separator: ", "))
        add("parent", reminder.parentID.map { "\(String($0.prefix(8)))  \(parentTitle ?? "(missing)")" })
        for subtask in subtasks {
            add("subtask", "\(String(subtask.id.prefix(8)))  \(subtask.isCompleted ? "[x]" : "[ ]") \(subtask.title)")
        }
        add("start", reminder.startDate?.iso8601)
        add("due", reminder.dueDate.map { due in due.timeZone.map { "\(due.iso8601) (\($0.identifier))" } ?? due.iso8601 })
        add(
            "repeats",
            reminder.recurrenceRules.isEmpty
                ? nil
                : reminder.recurrenceRules.map {
                    $0.fromCompletion ? "\($0.rrule) (from completion)" : $0.rrule
                }.joined(separator: ", "))
        for alarm in reminder.alarms {
            add("alarm", Self.describe(alarm))
        }
        add("completed", reminder.completionDate.map(JSONLines.timestamp) ?? (reminder.isCompleted ? "yes" : nil))
        add("series", reminder.seriesID)
        add("created", JSONLines.timestamp(reminder.creationDate))
        add("modified", JSONLines.timestamp(reminder.lastModifiedDate))
        return TextTable(rows: rows).text
    }

    static func describe(_ alarm: Alarm) -> String {
        let fired = alarm.firedDate.map { ", fired \(JSONLines.timestamp($0))" } ?? ""
        switch alarm.trigger {
        case let .absolute(date):
            return "at \(JSONLines.timestamp(date))\(fired)"
        case let .relative(offset):
            return "\(span(-offset)) before due\(fired)"
        case let .location(location, proximity):
            let when =
                switch proximity {
                case .leave: "leaving"
                case .enter: "arriving at"
                case .none: "near"
                }
            if let area = location.area {
                return String(
                    format: "%@ %@ (area of %d points around %.6f, %.6f)%@", when, location.title, area.rings[0].count - 1,
                    location.latitude, location.longitude, fired)
            }
            return String(
                format: "%@ %@ (%.6f, %.6f, radius %@)%@", when, location.title, location.latitude,
                location.longitude, String(format: "%g m", location.effectiveRadius), fired)
        }
    }

    /// Seconds as `1h30m`, `15m`, `1d`, `-5m` for an alarm after the due date.
    static func span(_ seconds: Double) -> String {
        if seconds < 0 { return "-" + span(-seconds) }
        var rest = Int(seconds.rounded())
        if rest == 0 { return "0s" }
        var text = ""
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }
}
