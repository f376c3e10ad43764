/// An ISO 8601 / RFC 3339 instant read from bytes into seconds since 1970 (UTC), computed
/// arithmetically from the civil date (no formatter on the hot path): what trace readers and the
/// server's location decoders share. Fractions are exact to the microsecond, so `…T10:00:00.123Z`
/// equals the Double literal `….123` a test would write.
public enum ISO8601Instant {
    /// ISO 8601 / RFC 3339 date-time: `YYYY-MM-DDThh:mm[:ss[.f…]][Z|±hh[:mm]|±hhmm]`.
    ///
    /// A space or lowercase `t` may separate date and time; no zone means UTC. Any number of
    /// fraction digits is accepted. Related: <https://www.rfc-editor.org/rfc/rfc3339#section-5.6>.
    public static func seconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let count = bytes.count
        guard count >= 16 else { return nil }
        @inline(__always) func number(_ from: Int, _ length: Int) -> Int? {
            var value = 0
            for index in from..<(from + length) {
                let byte = bytes[index]
                guard byte &- 0x30 < 10 else { return nil }
                value = value * 10 + Int(byte &- 0x30)
            }
            return value
        }
        guard let year = number(0, 4), bytes[4] == UInt8(ascii: "-"),
            let month = number(5, 2), bytes[7] == UInt8(ascii: "-"),
            let day = number(8, 2),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == UInt8(ascii: " "),
            let hour = number(11, 2), bytes[13] == UInt8(ascii: ":"),
            let minute = number(14, 2)
        else { return nil }
        var index = 16
        var second = 0
        if index < count, bytes[index] == UInt8(ascii: ":") {
            guard index + 3 <= count, let value = number(index + 1, 2) else { return nil }
            second = value
            index += 3
        }
        var fraction = 0
        var fractionDigits = 0
        if index < count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            let first = index
            while index < count, bytes[index] &- 0x30 < 10 {
                if fractionDigits < 9 {
                    fraction = fraction * 10 + Int(bytes[index] &- 0x30)
                    fractionDigits += 1
                }
                index += 1
            }
            guard index > first else { return nil }
        }
        var offset = 0
        if index < count {
            switch bytes[index] {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                index += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
                guard index + 2 <= count, let hours = number(index, 2) else { return nil }
                index += 2
                var minutes = 0
                if index < count, bytes[index] == UInt8(ascii: ":") { index += 1 }
                if index < count {
                    guard index + 2 <= count, let value = number(index, 2) else { return nil }
                    minutes = value
                    index += 2
                }
                guard hours <= 23, minutes <= 59 else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            default:
                return nil
            }
        }
        guard index == count,
            (1...12).contains(month), day >= 1, day <= CivilDay.daysInMonth(year: year, month: month),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        let days = CivilDay(year: year, month: month, day: day).number
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return seconds(whole, fraction: fraction, digits: fractionDigits)
    }

    /// `whole + fraction / 10^digits` as the Double nearest to the decimal, when it fits
    /// exactly in 53 bits (six digits or fewer for today's epochs).
    public static func seconds(_ whole: Int, fraction: Int, digits: Int) -> Double {
        guard digits > 0 else { return Double(whole) }
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: scale)
        if !overflow, abs(scaled) < 1 << 53 {
            return Double(scaled + fraction) / Double(scale)
        }
        return Double(whole) + Double(fraction) / Double(scale)
    }

    /// As ``seconds(_:)-swift.type.method``, from text.
    public static func seconds(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { seconds($0) }
    }
}
