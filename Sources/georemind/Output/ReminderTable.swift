/// Reminders as `list` prints them: aligned columns, a header, `-` for nothing.
struct ReminderTable {
    let rows: [[String]]

    init(_ reminders: [ReminderJSON]) {
        let header = ["ID", "PRIORITY", "DUE", "TITLE", "PLACE", "LIST"]
        rows = [header] + reminders.map { reminder in
            [String(reminder.id.prefix(8)),
             reminder.priorityLevel == "none" ? "-" : reminder.priorityLevel,
             reminder.dueDate ?? "-",
             reminder.title + (reminder.isCompleted ? " ✓" : ""),
             reminder.placeSummary ?? "-",
             reminder.list ?? "-"]
        }
    }

    var text: String { TextTable(rows: rows).text }
}
