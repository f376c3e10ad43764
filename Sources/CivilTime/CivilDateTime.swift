import Foundation

/// A civil calendar date-time: a calendar day, optionally a wall-clock time, in a time zone or
/// floating. It is how EventKit keeps a reminder's start and due dates (`dueDateComponents`) and
/// how iCalendar writes DATE and DATE-TIME values.
///
/// Floating dates (no zone) keep their wall-clock reading in whatever zone they are read;
/// all-day dates (no time) denote the whole day, and 00:00 of it where an instant is needed.
public struct CivilDateTime: Hashable, Sendable, Codable {
    public var year: Int
    public var month: Int
    public var day: Int
    /// The wall-clock time; nil for an all-day (date-only) value.
    public var time: TimeOfDay?
    /// The zone the wall-clock reading belongs to; nil for a floating value.
    public var timeZone: TimeZone?

    public init(year: Int, month: Int, day: Int, time: TimeOfDay? = nil, timeZone: TimeZone? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.time = time
        self.timeZone = timeZone
    }

    public var isAllDay: Bool { time == nil }
    public var isFloating: Bool { timeZone == nil }

    /// The instant this date denotes. Floating values are read in `floatingZone`; all-day values
    /// stand for 00:00 of their day. A wall-clock time that does not exist (a DST gap) moves
    /// forward by the gap, as RFC 5545 section 3.3.5 prescribes.
    public func instant(floatingZone: TimeZone = .current) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone ?? floatingZone
        let t = time ?? TimeOfDay(hour: 0, minute: 0, second: 0)
        let components = DateComponents(
            year: year, month: month, day: day,
            hour: t.hour, minute: t.minute, second: t.second)
        // Gregorian dates with valid fields always resolve; `.distantPast` marks a broken value.
        return calendar.date(from: components) ?? .distantPast
    }
}

/// A wall-clock time of day, to the second.
public struct TimeOfDay: Hashable, Sendable, Codable, Comparable {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(hour: Int, minute: Int, second: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool {
        (a.hour, a.minute, a.second) < (b.hour, b.minute, b.second)
    }
}
