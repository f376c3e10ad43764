/// One BYDAY entry: a weekday, optionally the nth (or nth-from-last) of its month or year,
/// as EventKit's `EKRecurrenceDayOfWeek` (`2TU` is the second Tuesday, `-1FR` the last Friday).
public struct RecurrenceDayOfWeek: Hashable, Sendable, Codable {
    public var weekday: RecurrenceWeekday
    /// The ordinal within the month (MONTHLY, or YEARLY with BYMONTH) or the year (YEARLY);
    /// 0 means every such weekday. Negative values count from the end.
    public var weekNumber: Int

    public init(_ weekday: RecurrenceWeekday, weekNumber: Int = 0) {
        self.weekday = weekday
        self.weekNumber = weekNumber
    }

    /// The RRULE spelling: `TU`, `2TU`, `-1FR`.
    public var rruleValue: String {
        weekNumber == 0 ? weekday.rawValue : "\(weekNumber)\(weekday.rawValue)"
    }
}
