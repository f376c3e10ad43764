/// The RRULE parts a rule can carry, in the canonical order `rrule` writes a rule built in code.
enum RecurrenceRulePart: String, CaseIterable, Sendable, Hashable, Codable {
    case frequency = "FREQ"
    case interval = "INTERVAL"
    case months = "BYMONTH"
    case weekNumbers = "BYWEEKNO"
    case yearDays = "BYYEARDAY"
    case monthDays = "BYMONTHDAY"
    case weekdays = "BYDAY"
    case setPositions = "BYSETPOS"
    case hour = "BYHOUR"
    case minute = "BYMINUTE"
    case second = "BYSECOND"
    case weekStart = "WKST"
    case count = "COUNT"
    case until = "UNTIL"
}
