/// Decimal digits appended as ASCII bytes, for text written by hand on hot paths (GPX, JSON, times)
/// where `String(format:)` and formatters cost microseconds a call and vary with the locale.
public enum ASCIIDigits {
    /// `value` in decimal, left-padded with zeros to `minimumWidth` digits.
    public static func append(_ value: UInt64, minimumWidth: Int, to out: inout [UInt8]) {
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
