import Foundation

/// Which reminders a fetch returns, as EventKit's reminder predicates; every condition set
/// must hold. The default matches every reminder.
public struct ReminderPredicate: Sendable, Hashable {
    /// Which reminders to keep by completion.
    public enum Completion: String, Sendable, Hashable, Codable {
        case any, completed, incomplete
    }

    /// Only reminders in these lists; nil for all lists.
    public var listIDs: Set<String>?
    public var completion: Completion
    /// Only reminders due in this half-open range (floating dates read in the store's
    /// `floatingTimeZone`); nil for any due date, including none.
    public var dueRange: Range<Date>?
    /// Only location reminders (see ``Reminder/isLocationReminder``).
    public var locationOnly: Bool
    /// Only reminders of this level; spell the no-priority level `PriorityLevel.none`, as a bare
    /// `.none` is nil here.
    public var priorityLevel: PriorityLevel?
    /// Only reminders of this level or a more urgent one (high ≥ medium ≥ low ≥ none); `.low`
    /// keeps every reminder with a priority.
    public var minimumPriorityLevel: PriorityLevel?
    /// Only completed reminders whose completion date is in this half-open range, as EventKit's
    /// `predicateForCompletedReminders(withCompletionDateStarting:ending:calendars:)`.
    public var completionRange: Range<Date>?
    /// Only titles containing this text, ignoring case, diacritics and width.
    public var titleContains: String?
    /// Only the reminders of one recurring series.
    public var seriesID: String?
    /// Only reminders with this tag (ignoring case).
    public var tag: String?
    /// Only the subtasks of this reminder.
    public var parentID: String?
    /// Only reminders of the lists this account is a member of (docs/people.md).
    public var visibleTo: String?
    /// Only reminders whose kept iCalendar properties contain this text, as it is: how a front
    /// finds the few reminders carrying a property of its own without reading the others.
    public var extrasContaining: String?

    public init(
        listIDs: Set<String>? = nil, completion: Completion = .any, dueRange: Range<Date>? = nil,
        locationOnly: Bool = false, priorityLevel: PriorityLevel? = nil,
        minimumPriorityLevel: PriorityLevel? = nil, completionRange: Range<Date>? = nil,
        titleContains: String? = nil, seriesID: String? = nil
    ) {
        self.listIDs = listIDs
        self.completion = completion
        self.dueRange = dueRange
        self.locationOnly = locationOnly
        self.priorityLevel = priorityLevel
        self.minimumPriorityLevel = minimumPriorityLevel
        self.completionRange = completionRange
        self.titleContains = titleContains
        self.seriesID = seriesID
    }
}
