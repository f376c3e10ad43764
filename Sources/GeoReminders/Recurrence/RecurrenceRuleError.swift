/// Why a recurrence rule was refused, naming the RRULE part at fault.
///
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.10>.
public enum RecurrenceRuleError: Error, Hashable, Sendable, CustomStringConvertible {
    case emptyRule
    /// A part that is not `NAME=VALUE`.
    case malformedPart(part: String)
    case unknownPart(name: String)
    /// BYHOUR, BYMINUTE, BYSECOND with several values: reminders repeat at most daily, at their
    /// start's time of day.
    case unsupportedPart(name: String)
    case duplicatePart(name: String)
    case missingFrequency
    case unknownFrequency(value: String)
    /// SECONDLY, MINUTELY, HOURLY: reminders repeat by the day at most.
    case unsupportedFrequency(value: String)
    case invalidInterval(value: String)
    case invalidCount(value: String)
    /// INTERVAL or COUNT beyond what the RRULE reader reads back (``RecurrenceRule/largestNumber``).
    case numberTooLarge(part: String, value: Int)
    case invalidUntil(value: String)
    case countAndUntil
    case emptyValue(part: String)
    case invalidNumber(part: String, value: String)
    case outOfRange(part: String, value: Int, allowed: String)
    case unknownWeekday(part: String, value: String)
    /// BYSETPOS selects among the occurrences other BYxxx parts make, so it needs one of them.
    case setPositionWithoutOtherPart
    /// BYWEEKNO outside YEARLY, BYYEARDAY in DAILY/WEEKLY/MONTHLY, BYMONTHDAY in WEEKLY.
    case partNotAllowed(part: String, frequency: RecurrenceFrequency)
    /// `2TU` in a DAILY or WEEKLY rule, or in a YEARLY rule with BYWEEKNO.
    case ordinalWeekdayNotAllowed(value: String, frequency: RecurrenceFrequency, withWeekNumbers: Bool)
    case unknownShorthand(text: String)

    public var description: String {
        switch self {
        case .emptyRule:
            "empty recurrence rule: expected RRULE text such as FREQ=WEEKLY;BYDAY=MO"
        case .malformedPart(let part):
            "malformed RRULE part '\(part)': expected NAME=VALUE separated by ';'"
        case .unknownPart(let name):
            "unknown RRULE part \(name): expected FREQ, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYMONTH, BYSETPOS, BYHOUR, BYMINUTE, BYSECOND or WKST"
        case .unsupportedPart(let name):
            "RRULE part \(name) names several times of day: a reminder repeats at its start's time of day; give one value or leave it out"
        case .duplicatePart(let name):
            "RRULE part \(name) appears more than once"
        case .missingFrequency:
            "RRULE has no FREQ: add FREQ=DAILY, WEEKLY, MONTHLY or YEARLY"
        case .unknownFrequency(let value):
            "unknown FREQ=\(value): expected DAILY, WEEKLY, MONTHLY or YEARLY"
        case .unsupportedFrequency(let value):
            "unsupported FREQ=\(value): reminders repeat DAILY, WEEKLY, MONTHLY or YEARLY"
        case .invalidInterval(let value):
            "invalid INTERVAL=\(value): expected a whole number of periods, 1 or more"
        case .numberTooLarge(let part, let value):
            "\(part)=\(value) is too large: at most \(RecurrenceRule.largestNumber)"
        case .invalidCount(let value):
            "invalid COUNT=\(value): expected a number of occurrences, 1 or more"
        case .invalidUntil(let value):
            "invalid UNTIL=\(value): expected YYYYMMDD, YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ"
        case .countAndUntil:
            "RRULE has both COUNT and UNTIL: keep one of them"
        case .emptyValue(let part):
            "RRULE part \(part) has no value"
        case .invalidNumber(let part, let value):
            "invalid \(part) value '\(value)': expected a whole number"
        case .outOfRange(let part, let value, let allowed):
            "\(part) value \(value) is out of range: expected \(allowed)"
        case .unknownWeekday(let part, let value):
            "unknown weekday '\(value)' in \(part): expected MO, TU, WE, TH, FR, SA or SU, optionally after an ordinal (2TU, -1FR)"
        case .setPositionWithoutOtherPart:
            "BYSETPOS needs another BYxxx part (BYDAY, BYMONTHDAY, ...) to select from"
        case .partNotAllowed(let part, let frequency):
            "\(part) is not allowed with FREQ=\(frequency.rawValue)"
                + (part == "BYWEEKNO" ? ": week numbers need FREQ=YEARLY" : "")
        case .ordinalWeekdayNotAllowed(let value, let frequency, let withWeekNumbers):
            withWeekNumbers
                ? "BYDAY=\(value) has an ordinal, which is not allowed with BYWEEKNO: use a plain weekday"
                : "BYDAY=\(value) has an ordinal, which is not allowed with FREQ=\(frequency.rawValue): use MONTHLY or YEARLY, or a plain weekday"
        case .unknownShorthand(let text):
            "unknown repetition '\(text)': expected daily, weekly, monthly, yearly, weekdays, weekends, every N days|weeks|months|years, every <weekday>, or RRULE text (FREQ=...)"
        }
    }
}
