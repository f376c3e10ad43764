/// The order of a reminder listing. Ties break by creation date, then identifier; descending
/// reverses the whole order except that reminders without a due date stay last.
public enum ReminderSort: String, Sendable, Hashable, Codable, CaseIterable {
    case creationDate
    /// Reminders without a due date come last.
    case dueDate
    /// Ignoring case and diacritics, in the store's locale.
    case title
    /// As the Reminders app: high, medium, low, then none (EventKit 1–4, 5, 6–9, 0), by raw
    /// value within a level (1 before 4); ties by due date (none last), then creation date.
    case priority
}
