/// The UTC-OFFSET value type (`+0100`, `-0500`, `+053000`) used by TZOFFSETFROM and TZOFFSETTO.
///
/// Related RFC 5545 section: 3.3.14.
public enum ICalUTCOffset {
    public static func seconds(_ text: String) throws(ICalValueError) -> Int {
        let chars = Array(text)
        guard chars.count == 5 || chars.count == 7, chars[0] == "+" || chars[0] == "-",
            chars.dropFirst().allSatisfy(\.isASCIIDigit)
        else { throw .badUTCOffset(value: text) }
        let digits = chars.dropFirst().map { Int(String($0))! }
        let hours = digits[0] * 10 + digits[1]
        let minutes = digits[2] * 10 + digits[3]
        let secs = chars.count == 7 ? digits[4] * 10 + digits[5] : 0
        guard hours < 24, minutes < 60, secs < 60 else { throw .badUTCOffset(value: text) }
        let total = hours * 3600 + minutes * 60 + secs
        return chars[0] == "-" ? -total : total
    }

    /// `+HHMM`, with seconds only when the offset has them (some historic zones do).
    public static func string(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let a = abs(seconds)
        var out = sign + twoDigits(a / 3600) + twoDigits(a % 3600 / 60)
        if a % 60 != 0 { out += twoDigits(a % 60) }
        return out
    }

    static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
