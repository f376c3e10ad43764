import Foundation

/// The wall-clock fields of an instant in a time zone, read once through a Gregorian `Calendar`:
/// the one place that turns `DateComponents` (all optional) into plain numbers.
public struct WallClockReading: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// 1 for Sunday through 7 for Saturday, as `Calendar` counts.
    public var weekday: Int

    public init(_ instant: Date, in zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: instant)
        // A Gregorian calendar fills every component it is asked for; the 0s are never read.
        year = c.year ?? 0
        month = c.month ?? 0
        day = c.day ?? 0
        hour = c.hour ?? 0
        minute = c.minute ?? 0
        second = c.second ?? 0
        weekday = c.weekday ?? 0
    }
}
