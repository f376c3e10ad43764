import Foundation
import GeoReminders

/// A reminder as `list --json` and `show --json` print it. The field names are a contract
/// (docs/cli.md): dates are ISO 8601 (`dueDate`/`startDate` as typed: zoned with offset,
/// floating without, all-day bare), instants in UTC; absent values are left out.
package struct ReminderJSON: Encodable {
    /// The radius as stored: 0 means the default 100 m.
    package typealias Location = LocationJSON

    package struct AlarmJSON: Encodable {
        package var id: String
        /// `absolute`, `relative` or `location`.
        package var type: String
        package var date: String?
        /// Seconds from the due date (negative: before).
        package var offset: Double?
        package var location: Location?
        /// `enter`, `leave` or `none`.
        package var proximity: String?
        package var firedDate: String?
    }

    package struct Rule: Encodable {
        package var rrule: String
        package var fromCompletion: Bool
    }

    package var id: String
    package var title: String
    package var notes: String?
    package var list: String?
    package var listID: String?
    package var priority: Int
    package var priorityLevel: String
    package var startDate: String?
    package var dueDate: String?
    package var timeZone: String?
    package var isCompleted: Bool
    package var completionDate: String?
    package var creationDate: String
    package var lastModifiedDate: String
    package var recurrenceRules: [Rule]
    package var alarms: [AlarmJSON]
    package var seriesID: String?
    /// EventKit's `url`.
    package var url: String?
    /// The reminder this one is a subtask of.
    package var parentID: String?
    /// Left out when there are none.
    package var tags: [String]?
    /// The account the reminder is assigned to; left out when none.
    package var assignee: String?
    /// Whom its alarms fire for (`anyone` or an account); left out for the default (the
    /// assignee, else the creator).
    package var `for`: String?

    package init(_ reminder: Reminder, listTitle: String?) {
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
