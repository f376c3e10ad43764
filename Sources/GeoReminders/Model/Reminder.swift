import CivilTime
import Foundation

/// A reminder, as EventKit's `EKReminder`.
///
/// Completion follows EventKit: setting `completionDate` marks the reminder completed, and
/// un-completing clears the date. A reminder marked completed without a date gets the instant
/// the store saves it.
public struct Reminder: Hashable, Sendable, Identifiable {
    /// Stable identifier: lowercase UUID text.
    public var id: String
    /// The list holding the reminder; nil until saved, when the store puts it in the default list.
    public var listID: String?
    /// Required: not empty once whitespace is trimmed.
    public var title: String
    public var notes: String?
    /// EventKit's scale: 0 none, 1–4 high, 5 medium, 6–9 low. See ``PriorityLevel``.
    public var priority: Int
    public var startDate: CivilDateTime?
    public var dueDate: CivilDateTime?
    public var isCompleted: Bool {
        didSet { if !isCompleted { completionDate = nil } }
    }
    public var completionDate: Date? {
        didSet { if completionDate != nil { isCompleted = true } }
    }
    public var creationDate: Date
    /// Stamped by the store on every save.
    public var lastModifiedDate: Date
    public var recurrenceRules: [RecurrenceRule]
    public var alarms: [Alarm]
    /// Groups a recurring reminder with the completed copies recurrence writes of past
    /// occurrences; nil for a reminder that was never part of a series.
    public var seriesID: String?
    /// A link the reminder carries, as EventKit's `EKCalendarItem.url` (iCalendar `URL`).
    public var url: String?
    /// The reminder this one is a subtask of (iCalendar `RELATED-TO`, RELTYPE=PARENT).
    public var parentID: String?
    /// Tags, as iCalendar `CATEGORIES`: in the order given, without duplicates (ignoring case).
    public var tags: [String] = []
    /// What an imported VTODO carried that georemind does not model (unknown and `X-` properties
    /// with their parameters, unknown components), as iCalendar text, written back unchanged on
    /// export. Modelled properties are never kept here.
    public var iCalendarExtras: String?
    /// The account that created the reminder; nil: the store's first account (`default`).
    public var creator: String?
    /// The one member of the reminder's list it is assigned to, if any (docs/people.md).
    public var assignee: String?
    /// Whom its alarms fire for; nil: the assignee, else the creator.
    public var alarmsFor: AlarmSubject?

    /// The accounts whose devices may fire the reminder's alarms, given its list's members.
    public func alarmSubjects(listMembers: [String]) -> Set<String> {
        switch alarmsFor {
        case .anyone: Set(listMembers)
        case let .account(name): [name]
        case nil: [assignee ?? creator ?? Account.firstName]
        }
    }

    public init(
        id: String = UUID().uuidString.lowercased(),
        listID: String? = nil,
        title: String,
        notes: String? = nil,
        priority: Int = 0,
        startDate: CivilDateTime? = nil,
        dueDate: CivilDateTime? = nil,
        isCompleted: Bool = false,
        completionDate: Date? = nil,
        creationDate: Date = Date(),
        lastModifiedDate: Date? = nil,
        recurrenceRules: [RecurrenceRule] = [],
        alarms: [Alarm] = [],
        seriesID: String? = nil
    ) {
        self.id = id
        self.listID = listID
        self.title = title
        self.notes = notes
        self.priority = priority
        self.startDate = startDate
        self.dueDate = dueDate
        self.isCompleted = isCompleted || completionDate != nil
        self.completionDate = completionDate
        self.creationDate = creationDate
        self.lastModifiedDate = lastModifiedDate ?? creationDate
        self.recurrenceRules = recurrenceRules
        self.alarms = alarms
        self.seriesID = seriesID
    }

    /// The priority level the raw priority reads as; `.none` for an out-of-range value.
    public var priorityLevel: PriorityLevel {
        get { PriorityLevel(priority: priority) ?? .none }
        set { priority = newValue.priority }
    }

    /// True when an alarm watches a place on entering or leaving it.
    public var isLocationReminder: Bool { alarms.contains { $0.geofence != nil } }
}
