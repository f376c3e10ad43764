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

    init(_ reminder: Reminder, listID: String, titleKey: String, floatingZone: TimeZone) throws {
        self.reminder = reminder
        self.listID = listID
        self.titleKey = titleKey
        startDate = reminder.startDate?.storageText
        dueDate = reminder.dueDate?.storageText
        dueKey = reminder.dueDate?.sortKey(floatingZone: floatingZone)
        recurrenceRules = try RecurrenceRuleStorage.text(reminder.recurrenceRules)
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
        try row.bind(r.id)
    }
}
