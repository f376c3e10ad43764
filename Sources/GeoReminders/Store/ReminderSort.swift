/// The order of a reminder listing. Ties break by creation date, then identifier; descending
/// reverses the whole order except that reminders without a due date stay last.
public enum ReminderSort: String, Sendable, Hashable, Codable, CaseIterable {
    case creationDate
    /// Reminders without a due date come last.
    case dueDate
    /// Ignoring case and diacritics, in the store's locale.
    case title
}
