import CivilTime

/// Times as traces write them, parsed from bytes into seconds since 1970 (UTC).
///
/// ISO 8601 is computed arithmetically from the civil date (no `DateFormatter` on the hot
/// path); fractions are exact to the microsecond, so `…T10:00:00.123Z` equals the Double
/// literal `….123` a test would write.
enum TraceTime {
    /// ISO 8601 / RFC 3339 date-time: `YYYY-MM-DDThh:mm[:ss[.f…]][Z|±hh[:mm]|±hhmm]` (``ISO8601Instant``).
    static func parseISO8601(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? { ISO8601Instant.seconds(bytes) }

    /// `whole + fraction / 10^digits`, exact where it fits (``ISO8601Instant``).
    static func seconds(_ whole: Int, fraction: Int, digits: Int) -> Double {
        ISO8601Instant.seconds(whole, fraction: fraction, digits: digits)
    }

    /// A time cell or JSON value: ISO 8601, epoch seconds (integer or decimal), or epoch
    /// milliseconds (13 integer digits).
    static func parseAny(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let first = bytes.first else { return nil }
        if bytes.count >= 16, bytes[4] == UInt8(ascii: "-") { return parseISO8601(bytes) }
        guard ByteClass.isDigit(first) || first == UInt8(ascii: "-") else { return nil }
        if bytes.count == 13, let milliseconds = DecimalNumber.parseInteger(bytes) {
            return Double(milliseconds) / 1000
        }
        guard let value = DecimalNumber.parse(bytes), value.isFinite else { return nil }
        return value
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        CivilDay(year: year, month: month, day: day).number
    }

    static func daysIn(month: Int, year: Int) -> Int { CivilDay.daysInMonth(year: year, month: month) }
}
