/// Decimal digits appended as ASCII bytes, for text written by hand on hot paths (GPX, JSON, times)
/// where `String(format:)` and formatters cost microseconds a call and vary with the locale.
public enum ASCIIDigits {
    /// `value` in decimal, left-padded with zeros to `minimumWidth` digits.
    public static func append(_ value: UInt64, minimumWidth: Int, to out: inout [UInt8]) {
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
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

    /// `value` in decimal, left-padded with zeros to `width` digits (a sign before the zeros):
    /// `padded(7, width: 2)` is "07", `padded(12345, width: 4)` is "12345".
    public static func padded(_ value: Int, width: Int) -> String {
        var out: [UInt8] = value < 0 ? [UInt8(ascii: "-")] : []
        append(UInt64(value.magnitude), minimumWidth: width, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
