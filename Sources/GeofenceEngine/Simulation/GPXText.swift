import Foundation

/// The pieces of GPX text, appended as UTF-8 bytes: escaped text, decimal numbers and UTC
/// times, each written by hand so that the output is the same on every platform and locale.
enum GPXText {
    /// XML 1.0 text with the five predefined entities; characters XML 1.0 cannot carry at all
    /// (C0 controls other than tab, line feed and carriage return) become U+FFFD.
    /// Related: <https://www.w3.org/TR/xml/#charsets>.
    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&apos;".utf8)
            case 0x09, 0x0A, 0x0D: out.append(byte)
            case 0x00..<0x20: out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            default: out.append(byte)
            }
        }
    }

    /// `value` rounded to `decimals` places (at most 9), trailing zeros dropped: `2.3522`, `-0.5`, `48`.
    /// The caller keeps |value|·10^decimals well inside Int64.
    static func appendDecimal(_ value: Double, decimals: Int, to out: inout [UInt8]) {
        let scale = Self.powersOfTen[decimals]
        let scaled = Int64((value * Double(scale)).rounded())
        if scaled < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = scaled.magnitude
        appendDigits(magnitude / UInt64(scale), minimumWidth: 1, to: &out)
        var fraction = magnitude % UInt64(scale)
        guard fraction > 0 else { return }
        var width = decimals
        while fraction % 10 == 0 { fraction /= 10; width -= 1 }
        out.append(UInt8(ascii: "."))
        appendDigits(fraction, minimumWidth: width, to: &out)
    }

    /// The first instant of year 0001 and of year 10000, in milliseconds since 1970.
    static let timeRange: Range<Double> = -62_135_596_800_000 ..< 253_402_300_800_000

    /// ISO 8601 UTC, `2026-11-23T17:00:00Z`, with `.250` milliseconds only when they are not zero;
    /// false (nothing appended) outside the years 0001 to 9999.
    static func appendTime(_ date: Date, to out: inout [UInt8]) -> Bool {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard timeRange.contains(milliseconds) else { return false }
        let total = Int64(milliseconds)
        let days = total >= 0 ? total / 86_400_000 : (total - 86_399_999) / 86_400_000
        let inDay = total - days * 86_400_000
        let (year, month, day) = civil(fromDays: days)
        appendDigits(UInt64(year), minimumWidth: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        appendDigits(UInt64(month), minimumWidth: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        appendDigits(UInt64(day), minimumWidth: 2, to: &out)
        out.append(UInt8(ascii: "T"))
        appendDigits(UInt64(inDay / 3_600_000), minimumWidth: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(UInt64(inDay / 60_000 % 60), minimumWidth: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(UInt64(inDay / 1000 % 60), minimumWidth: 2, to: &out)
        if inDay % 1000 != 0 {
            out.append(UInt8(ascii: "."))
            appendDigits(UInt64(inDay % 1000), minimumWidth: 3, to: &out)
        }
        out.append(UInt8(ascii: "Z"))
        return true
    }

    /// Proleptic Gregorian year, month, day of a day count from 1970-01-01 (Hinnant's
    /// `civil_from_days`, <https://howardhinnant.github.io/date_algorithms.html>).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
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

    private static let powersOfTen: [Int64] = (0...9).map { Int64(pow(10, Double($0))) }

    private static func appendDigits(_ value: UInt64, minimumWidth: Int, to out: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            while count < minimumWidth { buffer[count] = UInt8(ascii: "0"); count += 1 }
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
        }
    }
}
