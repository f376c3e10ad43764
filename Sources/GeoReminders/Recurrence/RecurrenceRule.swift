import CivilTime
import Foundation

/// A repetition rule, as EventKit's `EKRecurrenceRule` and RFC 5545's RRULE.
///
/// Read from and written to RRULE text (`FREQ=MONTHLY;BYDAY=-1FR;COUNT=6`): `rrule` writes the
/// parts in the order they were read, so canonical text round-trips exactly. A rule is valid
/// by construction; every initializer throws `RecurrenceRuleError` naming the part at fault.
/// Equality compares the written parts, order included, and `fromCompletion`.
///
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.10>.
public struct RecurrenceRule: Hashable, Sendable {
    public let frequency: RecurrenceFrequency
    /// Every `interval` periods; 1 or more.
    public let interval: Int
    public let end: RecurrenceEnd?
    /// BYDAY.
    public let daysOfTheWeek: [RecurrenceDayOfWeek]
    /// BYMONTHDAY, 1...31 or -31...-1 (-1 is the last day of the month).
    public let daysOfTheMonth: [Int]
    /// BYYEARDAY, 1...366 or -366...-1.
    public let daysOfTheYear: [Int]
    /// BYWEEKNO, 1...53 or -53...-1, weeks numbered from `firstDayOfTheWeek` (ISO 8601 style).
    public let weeksOfTheYear: [Int]
    /// BYMONTH, 1...12.
    public let monthsOfTheYear: [Int]
    /// BYSETPOS, 1...366 or -366...-1: picks among each period's occurrences.
    public let setPositions: [Int]
    /// WKST; nil when not written, which RFC 5545 reads as Monday.
    public let firstDayOfTheWeek: RecurrenceWeekday?
    /// BYHOUR, BYMINUTE, BYSECOND as read: one value each, naming the time of day the series
    /// starts at (a reminder repeats at its start's time of day; ``Reminder`` validation checks
    /// they agree). Kept so the rule is written back as it came.
    public let timeOfDay: RecurrenceTimeOfDay
    /// The next occurrence is counted from the completion instant (Todoist's `every!`),
    /// not from the completed occurrence's due date. Not part of RRULE text.
    public var fromCompletion: Bool
    /// The parts as written, in order; `rrule` writes them back in this order.
    let parts: [RecurrenceRulePart]

    /// Reads RFC 5545 RRULE text, with or without the `RRULE:` name; names and values are
    /// case-insensitive.
    public init(rrule: String, fromCompletion: Bool = false) throws {
        self = try RRULEReader(text: rrule).read()
        self.fromCompletion = fromCompletion
    }

    /// A rule built in code; its `rrule` writes the parts in a canonical order.
    public init(
        frequency: RecurrenceFrequency,
        interval: Int = 1,
        end: RecurrenceEnd? = nil,
        daysOfTheWeek: [RecurrenceDayOfWeek] = [],
        daysOfTheMonth: [Int] = [],
        daysOfTheYear: [Int] = [],
        weeksOfTheYear: [Int] = [],
        monthsOfTheYear: [Int] = [],
        setPositions: [Int] = [],
        firstDayOfTheWeek: RecurrenceWeekday? = nil,
        fromCompletion: Bool = false
    ) throws {
        var written: Set<RecurrenceRulePart> = [.frequency]
        if interval != 1 { written.insert(.interval) }
        switch end {
        case .count: written.insert(.count)
        case .until: written.insert(.until)
        case nil: break
        }
        if !daysOfTheWeek.isEmpty { written.insert(.weekdays) }
        if !daysOfTheMonth.isEmpty { written.insert(.monthDays) }
        if !daysOfTheYear.isEmpty { written.insert(.yearDays) }
        if !weeksOfTheYear.isEmpty { written.insert(.weekNumbers) }
        if !monthsOfTheYear.isEmpty { written.insert(.months) }
        if !setPositions.isEmpty { written.insert(.setPositions) }
        if firstDayOfTheWeek != nil { written.insert(.weekStart) }
        try self.init(
            frequency: frequency, interval: interval, end: end, daysOfTheWeek: daysOfTheWeek,
            daysOfTheMonth: daysOfTheMonth, daysOfTheYear: daysOfTheYear,
            weeksOfTheYear: weeksOfTheYear, monthsOfTheYear: monthsOfTheYear,
            setPositions: setPositions, firstDayOfTheWeek: firstDayOfTheWeek,
            fromCompletion: fromCompletion,
            parts: RecurrenceRulePart.allCases.filter(written.contains))
    }

    /// The designated initializer: every path checks the same invariants here.
    init(
        frequency: RecurrenceFrequency, interval: Int, end: RecurrenceEnd?,
        daysOfTheWeek: [RecurrenceDayOfWeek], daysOfTheMonth: [Int], daysOfTheYear: [Int],
        weeksOfTheYear: [Int], monthsOfTheYear: [Int], setPositions: [Int],
        firstDayOfTheWeek: RecurrenceWeekday?, timeOfDay: RecurrenceTimeOfDay = RecurrenceTimeOfDay(),
        fromCompletion: Bool, parts: [RecurrenceRulePart]
    ) throws {
        self.frequency = frequency
        self.interval = interval
        if case .until(let date) = end {
            self.end = .until(Self.normalizedUntil(date))
        } else {
            self.end = end
        }
        self.daysOfTheWeek = daysOfTheWeek
        self.daysOfTheMonth = daysOfTheMonth
        self.daysOfTheYear = daysOfTheYear
        self.weeksOfTheYear = weeksOfTheYear
        self.monthsOfTheYear = monthsOfTheYear
        self.setPositions = setPositions
        self.firstDayOfTheWeek = firstDayOfTheWeek
        self.timeOfDay = timeOfDay
        self.fromCompletion = fromCompletion
        self.parts = parts
        try validate()
    }

    /// The canonical RRULE text, without the `RRULE:` name.
    public var rrule: String {
        parts.map { "\($0.rawValue)=\(value(of: $0))" }.joined(separator: ";")
    }

    /// The zone UTC UNTIL values carry.
    static let utc = TimeZone(secondsFromGMT: 0)!  // A zero offset is always a valid zone.

    /// RFC 5545: a date-time UNTIL with a zone is written in UTC.
    private static func normalizedUntil(_ date: CivilDateTime) -> CivilDateTime {
        guard date.timeZone != nil, date.time != nil else {
            return CivilDateTime(year: date.year, month: date.month, day: date.day, time: date.time)
        }
        return CivilDateTime(instant: date.instant(), in: utc)
    }
}

extension RecurrenceRule: Codable {
    private enum CodingKeys: String, CodingKey {
        case rrule, fromCompletion
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            rrule: container.decode(String.self, forKey: .rrule),
            fromCompletion: container.decodeIfPresent(Bool.self, forKey: .fromCompletion) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rrule, forKey: .rrule)
        try container.encode(fromCompletion, forKey: .fromCompletion)
    }
}
