import Foundation
import GeoReminders

/// A reminder as `list --json` and `show --json` print it. The field names are a contract
/// (docs/cli.md): dates are ISO 8601 (`dueDate`/`startDate` as typed: zoned with offset,
/// floating without, all-day bare), instants in UTC; absent values are left out.
public struct ReminderJSON: Encodable {
    /// The radius as stored: 0 means the default 100 m.
    public typealias Location = LocationJSON

    public struct AlarmJSON: Encodable {
        public var id: String
        /// `absolute`, `relative` or `location`.
        public var type: String
        public var date: String?
        /// Seconds from the due date (negative: before).
        public var offset: Double?
        public var location: Location?
        /// `enter`, `leave` or `none`.
        public var proximity: String?
        public var firedDate: String?
    }

    public struct Rule: Encodable {
        public var rrule: String
        public var fromCompletion: Bool
    }

    public var id: String
    public var title: String
    public var notes: String?
    public var list: String?
    public var listID: String?
    public var priority: Int
    public var priorityLevel: String
    public var startDate: String?
    public var dueDate: String?
    public var timeZone: String?
    public var isCompleted: Bool
    public var completionDate: String?
    public var creationDate: String
    public var lastModifiedDate: String
    public var recurrenceRules: [Rule]
    public var alarms: [AlarmJSON]
    public var seriesID: String?
    /// EventKit's `url`.
    public var url: String?
    /// The reminder this one is a subtask of.
    public var parentID: String?
    /// Left out when there are none.
    public var tags: [String]?
    /// The account the reminder is assigned to; left out when none.
    public var assignee: String?
    /// Whom its alarms fire for (`anyone` or an account); left out for the default (the
    /// assignee, else the creator).
    public var `for`: String?

    public init(_ reminder: Reminder, listTitle: String?) {
        id = reminder.id
        title = reminder.title
        notes = reminder.notes
        list = listTitle
        listID = reminder.listID
        priority = reminder.priority
        priorityLevel = reminder.priorityLevel.rawValue
        startDate = reminder.startDate?.iso8601
        dueDate = reminder.dueDate?.iso8601
        timeZone = reminder.dueDate?.timeZone?.identifier
        isCompleted = reminder.isCompleted
        completionDate = reminder.completionDate.map(JSONLines.timestamp)
        creationDate = JSONLines.timestamp(reminder.creationDate)
        lastModifiedDate = JSONLines.timestamp(reminder.lastModifiedDate)
        recurrenceRules = reminder.recurrenceRules.map { Rule(rrule: $0.rrule, fromCompletion: $0.fromCompletion) }
        alarms = reminder.alarms.map(Self.alarm)
        seriesID = reminder.seriesID
        url = reminder.url
        parentID = reminder.parentID
        tags = reminder.tags.isEmpty ? nil : reminder.tags
        assignee = reminder.assignee
        `for` = reminder.alarmsFor?.storageText
    }

    private static func alarm(_ alarm: Alarm) -> AlarmJSON {
        var view = AlarmJSON(id: alarm.id, type: "", firedDate: alarm.firedDate.map(JSONLines.timestamp))
        switch alarm.trigger {
        case let .absolute(date):
            view.type = "absolute"
            view.date = JSONLines.timestamp(date)
        case let .relative(offset):
            view.type = "relative"
            view.offset = offset
        case let .location(location, proximity):
            view.type = "location"
            view.location = Location(
                title: location.title, latitude: location.latitude,
                longitude: location.longitude, radius: location.radius, area: location.area)
            view.proximity = proximity.rawValue
        }
        return view
    }
}
