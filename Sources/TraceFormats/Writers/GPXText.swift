import CivilTime
import Foundation
import GeofenceEngine

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
        ASCIIDigits.append(magnitude / UInt64(scale), minimumWidth: 1, to: &out)
        var fraction = magnitude % UInt64(scale)
        guard fraction > 0 else { return }
        var width = decimals
        while fraction % 10 == 0 { fraction /= 10; width -= 1 }
        out.append(UInt8(ascii: "."))
        ASCIIDigits.append(fraction, minimumWidth: width, to: &out)
    }

    /// ISO 8601 UTC, `2026-11-23T17:00:00Z`, with `.250` milliseconds only when they are not zero;
    /// false (nothing appended) outside the years 0001 to 9999.
    static func appendTime(_ date: Date, to out: inout [UInt8]) -> Bool {
        UTCTimestamp.append(date, precision: .milliseconds, to: &out)
    }

    private static let powersOfTen: [Int64] = (0...9).map { Int64(pow(10, Double($0))) }
}
