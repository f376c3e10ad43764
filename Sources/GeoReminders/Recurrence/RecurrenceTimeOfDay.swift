/// An RRULE's BYHOUR, BYMINUTE and BYSECOND, each at most one value. A reminder repeats at its
/// start's time of day, so these can only restate it (as some clients write them): a value that
/// differs from the start's is refused when the reminder is validated.
public struct RecurrenceTimeOfDay: Hashable, Sendable {
    public var hour: Int?
    public var minute: Int?
    public var second: Int?

    public init(hour: Int? = nil, minute: Int? = nil, second: Int? = nil) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Whether nothing is named.
    public var isEmpty: Bool { hour == nil && minute == nil && second == nil }

    /// Whether every part named agrees with `time` (hour, minute, second of the start's wall clock).
    public func agrees(with time: (hour: Int, minute: Int, second: Int)) -> Bool {
        (hour ?? time.hour) == time.hour && (minute ?? time.minute) == time.minute && (second ?? time.second) == time.second
    }
}
