import Foundation

/// The times a fix may carry: from 1970-01-01T00:00:00Z up to, not including, 10000-01-01T00:00:00Z.
///
/// A time outside is no position report (a clock never set, seconds read as milliseconds, a
/// hostile client), and admitted it would become its device's last time: every later real fix
/// would then be out of order, and the device silenced for good. Such fixes are `bad-time`.
public enum FixTimeWindow {
    /// 1970-01-01T00:00:00Z, in seconds since 2001 (Foundation's reference date).
    public static let start: TimeInterval = -978_307_200
    /// 10000-01-01T00:00:00Z, in seconds since 2001: the first instant a four-digit year cannot write.
    public static let end: TimeInterval = 252_423_993_600

    /// Whether `time` (seconds since 2001) lies in the window.
    @inline(__always)
    public static func contains(_ time: TimeInterval) -> Bool { time >= start && time < end }
}
