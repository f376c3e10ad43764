import CivilTime
import Foundation

extension ReminderDate {
    /// Seconds east of UTC of this reading in `zone`: `zone.secondsFromGMT(for: instant())`
    /// without building a `Calendar`, which dominated `georemind list --json` (one per due date).
    ///
    /// Away from a zone transition (the same offset a day before and after) the wall-clock
    /// reading has exactly one instant, so its offset is read directly; near one, `instant()`
    /// decides as it always has (a DST gap moves forward, RFC 5545 section 3.3.5).
    func utcOffset(in zone: TimeZone) -> Int {
        let t = time ?? TimeOfDay(hour: 0, minute: 0, second: 0)
        let wall = Double(CivilDay(year: year, month: month, day: day).number * 86_400
                          + t.hour * 3600 + t.minute * 60 + t.second)
        let guess = zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall))
        let candidate = wall - Double(guess)
        if zone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate)) == guess,
           zone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate - 86_400)) == guess,
           zone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate + 86_400)) == guess {
            return guess
        }
        return zone.secondsFromGMT(for: instant())
    }

    /// `value` as `width` decimal digits, zero-padded, appended to `text` (no `String(format:)`,
    /// which costs microseconds a call on Linux).
    static func appendDigits(_ value: Int, width: Int, to text: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        if rest >= divisor * 10 {  // Wider than asked (a year past 9999): all the digits.
            text.append(contentsOf: String(rest).utf8)
            return
        }
        while divisor > 0 {
            text.append(UInt8(48 + rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
