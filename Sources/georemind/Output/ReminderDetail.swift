import Foundation

/// One reminder as `show` prints it: a field per line, empty fields left out.
struct ReminderDetail {
    let reminder: ReminderJSON

    init(_ reminder: ReminderJSON) {
        self.reminder = reminder
    }

    var text: String {
        var rows: [[String]] = [["id:", reminder.id], ["title:", reminder.title]]
        func add(_ label: String, _ value: String?) {
            if let value { rows.append([label + ":", value]) }
        }
        add("list", reminder.list)
        add("priority", reminder.priorityLevel == "none" ? nil : "\(reminder.priorityLevel) (\(reminder.priority))")
        add("notes", reminder.notes)
        add("start", reminder.startDate)
        add("due", reminder.dueDate.map { due in reminder.timeZone.map { "\(due) (\($0))" } ?? due })
        add("repeats", reminder.recurrenceRules.isEmpty ? nil : reminder.recurrenceRules.map {
            $0.fromCompletion ? "\($0.rrule) (from completion)" : $0.rrule
        }.joined(separator: ", "))
        for alarm in reminder.alarms {
            add("alarm", Self.describe(alarm))
        }
        add("completed", reminder.completionDate ?? (reminder.isCompleted ? "yes" : nil))
        add("series", reminder.seriesID)
        add("created", reminder.creationDate)
        add("modified", reminder.lastModifiedDate)
        return TextTable(rows: rows).text
    }

    static func describe(_ alarm: ReminderJSON.AlarmJSON) -> String {
        let fired = alarm.firedDate.map { ", fired \($0)" } ?? ""
        if let date = alarm.date { return "at \(date)\(fired)" }
        if let offset = alarm.offset { return "\(Self.span(-offset)) before due\(fired)" }
        guard let location = alarm.location else { return alarm.type }
        let when = alarm.proximity == "leave" ? "leaving" : alarm.proximity == "enter" ? "arriving at" : "near"
        let radius = location.radius == 0 ? "100 m" : String(format: "%g m", location.radius)
        return String(format: "%@ %@ (%.6f, %.6f, radius %@)%@", when, location.title,
                      location.latitude, location.longitude, radius, fired)
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
