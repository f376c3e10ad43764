import CivilTime

/// A reminder or list that breaks a model rule; the store refuses to save it.
public enum ReminderError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyTitle(id: String)
    case priorityOutOfRange(id: String, priority: Int)
    case badIdentifier(text: String)
    case badDate(id: String, field: String, date: CivilDateTime)
    case badLocation(id: String, latitude: Double, longitude: Double, radius: Double)
    case badOffset(id: String, offset: Double)
    /// EventKit refuses a recurrence rule on a reminder with no due date: nothing to count from.
    case recurrenceWithoutDueDate(id: String)
    /// A rule's BYHOUR/BYMINUTE/BYSECOND name another time of day than the start's (or name one
    /// for an all-day start, which RFC 5545 forbids).
    case recurrenceTimeOfDay(id: String, rule: String, start: String)
    /// An alarm relative to the due date of a reminder that has none would never fire.
    case relativeAlarmWithoutDueDate(id: String)
    case badColour(listID: String, colour: String)
    case emptyListTitle(listID: String)
    /// A reminder named as its own parent.
    case ownParent(id: String)

    public var description: String {
        switch self {
        case let .emptyTitle(id):
            "reminder \(id) has an empty title; give it a title"
        case let .priorityOutOfRange(id, priority):
            "reminder \(id) has priority \(priority); use 0 (none) to 9, or none/low/medium/high"
        case let .badIdentifier(text):
            "'\(text)' is not an identifier; identifiers are UUID text"
        case let .badDate(id, field, date):
            "reminder \(id) has an impossible \(field) \(date.year)-\(date.month)-\(date.day)"
        case let .badLocation(id, latitude, longitude, radius):
            "reminder \(id) has a location alarm at (\(latitude), \(longitude)) radius \(radius) m; latitude must be within ±90, longitude within ±180, radius finite and not negative"
        case let .badOffset(id, offset):
            "reminder \(id) has a relative alarm offset \(offset); it must be a finite number of seconds"
        case let .recurrenceWithoutDueDate(id):
            "reminder \(id) repeats but has no due date to count from; give it a due date"
        case let .recurrenceTimeOfDay(id, rule, start):
            "reminder \(id) repeats by RRULE \(rule), whose BYHOUR/BYMINUTE/BYSECOND differ from its start (\(start)); a reminder repeats at its start's time of day: leave them out or make them agree"
        case let .relativeAlarmWithoutDueDate(id):
            "reminder \(id) has an alarm relative to its due date but no due date; give it a due date"
        case let .badColour(listID, colour):
            "list \(listID) has colour '\(colour)'; write it as #RRGGBB"
        case let .ownParent(id):
            "reminder \(id) cannot be a subtask of itself"
        case let .emptyListTitle(listID):
            "list \(listID) has an empty title; give it a title"
        }
    }
}
