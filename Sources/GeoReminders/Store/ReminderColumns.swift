import Foundation

/// A reminder's values for the `reminder` table's columns, computed once per save: the writer
/// binds them to its INSERT and, when the reminder exists, to its UPDATE.
struct ReminderColumns {
    private let reminder: Reminder
    private let listID: String
    private let titleKey: String
    private let startDate, dueDate: String?
    private let dueKey: Double?
    private let recurrenceRules: String?
    private let tags: String?

    init(_ reminder: Reminder, listID: String, titleKey: String, floatingZone: TimeZone) throws {
        self.reminder = reminder
        self.listID = listID
        self.titleKey = titleKey
        startDate = reminder.startDate?.storageText
        dueDate = reminder.dueDate?.storageText
        dueKey = reminder.dueDate?.sortKey(floatingZone: floatingZone)
        recurrenceRules = try RecurrenceRuleStorage.text(reminder.recurrenceRules)
        tags = try ReminderColumns.tagsText(reminder.tags)
    }

    /// Binds the columns in the order of the writer's INSERT and UPDATE statements, id last.
    func bind(_ row: inout ParameterBinder) throws {
        let r = reminder
        try row.bind(listID)
        try row.bind(r.title)
        try row.bind(titleKey)
        try row.bind(r.notes)
        try row.bind(r.priority)
        try row.bind(r.priorityLevel.rawValue)
        try row.bind(startDate)
        try row.bind(r.startDate?.timeZone?.identifier)
        try row.bind(dueDate)
        try row.bind(r.dueDate?.timeZone?.identifier)
        try row.bind(dueKey)
        try row.bind(r.isCompleted)
        try row.bind(r.completionDate)
        try row.bind(r.creationDate)
        try row.bind(r.lastModifiedDate)
        try row.bind(r.isLocationReminder)
        try row.bind(r.seriesID)
        try row.bind(recurrenceRules)
        try row.bind(r.url)
        try row.bind(r.parentID)
        try row.bind(tags)
        try row.bind(r.iCalendarExtras)
        try row.bind(r.creator)
        try row.bind(r.assignee)
        try row.bind(r.alarmsFor?.storageText)
        try row.bind(r.id)
    }

    /// Tags as the `tags` column keeps them: a JSON array, nil for none.
    static func tagsText(_ tags: [String]) throws -> String? {
        guard !tags.isEmpty else { return nil }
        return String(decoding: try JSONEncoder().encode(tags), as: UTF8.self)
    }

    /// The tags of a `tags` column; unreadable text reads as none.
    static func tags(_ text: String?) -> [String] {
        guard let text, let tags = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else { return [] }
        return tags
    }
}
