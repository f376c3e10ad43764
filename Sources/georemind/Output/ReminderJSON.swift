import Foundation
import GeoReminders

/// A reminder as `list --json` and `show --json` print it. The field names are a contract
/// (docs/cli.md): dates are ISO 8601 (`dueDate`/`startDate` as typed: zoned with offset,
/// floating without, all-day bare), instants in UTC; absent values are left out.
struct ReminderJSON: Encodable {
    /// The radius as stored: 0 means the default 100 m.
    typealias Location = LocationJSON

    struct AlarmJSON: Encodable {
        var id: String
        /// `absolute`, `relative` or `location`.
        var type: String
        var date: String?
        /// Seconds from the due date (negative: before).
        var offset: Double?
        var location: Location?
        /// `enter`, `leave` or `none`.
        var proximity: String?
        var firedDate: String?
    }

    struct Rule: Encodable {
        var rrule: String
        var fromCompletion: Bool
    }

    var id: String
    var title: String
    var notes: String?
    var list: String?
    var listID: String?
    var priority: Int
    var priorityLevel: String
    var startDate: String?
    var dueDate: String?
    var timeZone: String?
    var isCompleted: Bool
    var completionDate: String?
    var creationDate: String
    var lastModifiedDate: String
    var recurrenceRules: [Rule]
    var alarms: [AlarmJSON]
    var seriesID: String?

    init(_ reminder: Reminder, listTitle: String?) {
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
            view.location = Location(title: location.title, latitude: location.latitude,
                                     longitude: location.longitude, radius: location.radius)
            view.proximity = proximity.rawValue
        }
        return view
    }

    /// The place of the first location alarm, for tables: `Work (leaving)`.
    var placeSummary: String? {
        guard let alarm = alarms.first(where: { $0.location != nil }), let location = alarm.location else { return nil }
        switch alarm.proximity {
        case "leave": return "\(location.title) (leaving)"
        case "enter": return "\(location.title) (arriving)"
        default: return location.title
        }
    }
}
