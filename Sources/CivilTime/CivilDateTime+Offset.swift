import Foundation

extension CivilDateTime {
    /// Seconds east of UTC of this reading in `zone`: `zone.secondsFromGMT(for: instant())`
    /// without building a `Calendar`, which dominated `georemind list --json` (one per due date).
    ///
    /// Away from a zone transition (the same offset a day before and after) the wall-clock
    /// reading has exactly one instant, so its offset is read directly; near one, `instant()`
    /// decides as it always has (a DST gap moves forward, RFC 5545 section 3.3.5).
    public func utcOffset(in zone: TimeZone) -> Int {
        let t = time ?? TimeOfDay(hour: 0, minute: 0, second: 0)
        let wall = Double(
            CivilDay(year: year, month: month, day: day).number * 86_400
                + t.hour * 3600 + t.minute * 60 + t.second)
        let guess = zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall))
        let candidate = wall - Double(guess)
        if zone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate)) == guess,
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate - 86_400)) == guess,
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate + 86_400)) == guess
        {
            return guess
        }
        return zone.secondsFromGMT(for: instant())
    }
}
