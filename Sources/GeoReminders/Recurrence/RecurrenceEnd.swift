import CivilTime

/// When a rule stops: after a number of occurrences (COUNT, the first one included) or at a
/// date (UNTIL, inclusive), as EventKit's `EKRecurrenceEnd`.
public enum RecurrenceEnd: Hashable, Sendable {
    case count(Int)
    /// A date-only value, a floating date-time, or a UTC date-time (`timeZone` is UTC; a value
    /// given in another zone is converted to UTC, as RFC 5545 section 3.3.10 requires).
    case until(CivilDateTime)
}
