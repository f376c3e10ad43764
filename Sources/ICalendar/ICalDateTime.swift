import CivilTime
import Foundation

/// DATE and DATE-TIME values read into and written from `CivilDateTime`.
///
/// The three DATE-TIME forms map one to one: `...Z` is UTC (zone `ICalDateTime.utc`), a `TZID`
/// parameter gives a zoned time, and neither gives a floating time (zone nil). A DATE is an
/// all-day value (time nil). UTC instants (DTSTAMP, COMPLETED, absolute TRIGGER) use `Date`.
///
/// Related RFC 5545 sections: 3.3.4 (DATE), 3.3.5 (DATE-TIME).
public enum ICalDateTime {
    /// The zone UTC values get. Foundation may report its identifier as "GMT".
    public static let utc = TimeZone(secondsFromGMT: 0)!

    /// Whether a zone is UTC itself (written with `Z`) rather than a place that happens to be at +00:00.
    public static func isUTC(_ zone: TimeZone) -> Bool {
        [
            "UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0", "GMT0", "Etc/UCT", "UCT",
            "Etc/Universal", "Universal", "Etc/Zulu", "Zulu", "Etc/Greenwich", "Greenwich",
        ].contains(zone.identifier)
    }

    /// Reads `YYYYMMDD` or `YYYYMMDDTHHMMSS[Z]`. `zone` is the zone the TZID parameter resolved
    /// to; it is ignored for `Z` values (UTC is explicit) and for DATE values (they float).
    public static func civilDateTime(_ text: String, zone: TimeZone? = nil) throws(ICalValueError) -> CivilDateTime {
        let chars = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            var n = 0
            for c in chars[range] {
                guard c >= 0x30, c <= 0x39 else { return nil }
                n = n * 10 + Int(c - 0x30)
            }
            return n
        }
        if chars.count == 8 {
            guard let y = number(0..<4), let mo = number(4..<6), let d = number(6..<8), isValidDay(y, mo, d)
            else { throw .badDate(value: text) }
            return CivilDateTime(year: y, month: mo, day: d)
        }
        let isUTCForm = chars.count == 16 && (chars[15] == UInt8(ascii: "Z") || chars[15] == UInt8(ascii: "z"))
        guard chars.count == 15 || isUTCForm, chars[8] == UInt8(ascii: "T") || chars[8] == UInt8(ascii: "t"),
            let y = number(0..<4), let mo = number(4..<6), let d = number(6..<8),
            let h = number(9..<11), let mi = number(11..<13), let s = number(13..<15),
            isValidDay(y, mo, d), h < 24, mi < 60, s <= 60  // 60: a leap second (§3.3.5)
        else { throw .badDateTime(value: text) }
        let time = TimeOfDay(hour: h, minute: mi, second: s)
        return CivilDateTime(year: y, month: mo, day: d, time: time, timeZone: isUTCForm ? utc : zone)
    }

    /// The value text: `YYYYMMDD` for all-day, `...Z` for UTC, bare local time otherwise.
    public static func string(_ date: CivilDateTime) -> String {
        var out = digits(date.year, 4) + digits(date.month, 2) + digits(date.day, 2)
        guard let t = date.time else { return out }
        out += "T" + digits(t.hour, 2) + digits(t.minute, 2) + digits(t.second, 2)
        if let zone = date.timeZone, isUTC(zone) { out += "Z" }
        return out
    }

    /// The parameters the value needs: `VALUE=DATE` for all-day, `TZID` for a zoned time.
    public static func parameters(_ date: CivilDateTime) -> [ICalParameter] {
        guard date.time != nil else { return [ICalParameter(name: "VALUE", value: "DATE")] }
        guard let zone = date.timeZone, !isUTC(zone) else { return [] }
        return [ICalParameter(name: "TZID", value: zone.identifier)]
    }

    /// A UTC instant as `YYYYMMDDTHHMMSSZ`, fractions of a second dropped.
    public static func utcString(_ instant: Date) -> String {
        let seconds = instant.timeIntervalSinceReferenceDate.rounded(.down)
        return string(CivilDateTime(instant: Date(timeIntervalSinceReferenceDate: seconds), in: utc))
    }

    /// Reads a DATE-TIME that must be UTC (`...Z`), as RFC 5545 requires of DTSTAMP, COMPLETED,
    /// CREATED, LAST-MODIFIED and absolute TRIGGER values.
    public static func utcInstant(_ text: String) throws(ICalValueError) -> Date {
        let date = try civilDateTime(text)
        guard date.time != nil, let zone = date.timeZone, isUTC(zone) else { throw .badDateTime(value: text) }
        return date.instant()
    }

    private static func isValidDay(_ y: Int, _ m: Int, _ d: Int) -> Bool {
        guard m >= 1, m <= 12 else { return false }
        return (1...CivilDay.daysInMonth(year: y, month: m)).contains(d)
    }

    private static func digits(_ n: Int, _ width: Int) -> String { ASCIIDigits.padded(n, width: width) }
}
