import Foundation

/// Instants as ISO 8601 UTC text (`2026-11-23T17:00:00Z`), written by hand so that output is the
/// same on every platform and locale and costs no formatter: GPX times, the CLI's JSON, benchmarks.
public enum UTCTimestamp {
    public enum Precision: Sendable {
        /// Whole seconds, truncated toward the past: `2026-11-23T17:00:00Z`.
        case seconds
        /// Rounded to the millisecond, written only when not zero: `2026-11-23T17:00:00.250Z`.
        case milliseconds
    }

    /// The first instant of year 0001 and of year 10000, in milliseconds since 1970.
    public static let timeRange: Range<Double> = -62_135_596_800_000..<253_402_300_800_000

    /// The text of `date`; nil outside the years 0001 to 9999.
    public static func string(_ date: Date, precision: Precision = .seconds) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(24)
        guard append(date, precision: precision, to: &out) else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the text of `date` as UTF-8; false (nothing appended) outside the years 0001 to 9999.
    @discardableResult
    public static func append(_ date: Date, precision: Precision, to out: inout [UInt8]) -> Bool {
        var milliseconds = date.timeIntervalSince1970 * 1000
        milliseconds = precision == .seconds ? (milliseconds / 1000).rounded(.down) * 1000 : milliseconds.rounded()
        guard timeRange.contains(milliseconds) else { return false }
        let total = Int64(milliseconds)
        let days = total >= 0 ? total / 86_400_000 : (total - 86_399_999) / 86_400_000
        let inDay = total - days * 86_400_000
        let (year, month, day) = civilDate(daysSince1970: days)
        ASCIIDigits.append(UInt64(year), minimumWidth: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        ASCIIDigits.append(UInt64(month), minimumWidth: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        ASCIIDigits.append(UInt64(day), minimumWidth: 2, to: &out)
        out.append(UInt8(ascii: "T"))
        ASCIIDigits.append(UInt64(inDay / 3_600_000), minimumWidth: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        ASCIIDigits.append(UInt64(inDay / 60_000 % 60), minimumWidth: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        ASCIIDigits.append(UInt64(inDay / 1000 % 60), minimumWidth: 2, to: &out)
        if inDay % 1000 != 0 {
            out.append(UInt8(ascii: "."))
            ASCIIDigits.append(UInt64(inDay % 1000), minimumWidth: 3, to: &out)
        }
        out.append(UInt8(ascii: "Z"))
        return true
    }

    /// Proleptic Gregorian year, month, day of a day count from 1970-01-01 (Hinnant's
    /// `civil_from_days`, <https://howardhinnant.github.io/date_algorithms.html>).
    public static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
