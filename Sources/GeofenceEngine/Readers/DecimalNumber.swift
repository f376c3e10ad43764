#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decimal numbers parsed straight from bytes, correctly rounded.
///
/// Most coordinates have at most 15 significant digits, which Clinger's fast path converts
/// exactly with one multiplication or division by an exact power of ten; anything longer
/// goes to `strtod` on a NUL-terminated copy.
enum DecimalNumber {
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The number in `bytes` (JSON/CSV syntax: sign, digits, fraction, exponent), or nil when
    /// the bytes are anything else, empty included.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let count = bytes.count
        guard count > 0 else { return nil }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") {
            negative = true
            index = 1
        } else if bytes[0] == UInt8(ascii: "+") {
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var significant = 0
        var exponent = 0
        while index < count, ByteClass.isDigit(bytes[index]) {
            if significant < 19 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30)
                if mantissa != 0 { significant += 1 }
            } else {
                exponent += 1
            }
            digits += 1
            index += 1
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, ByteClass.isDigit(bytes[index]) {
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30)
                    if mantissa != 0 { significant += 1 }
                    exponent -= 1
                }
                digits += 1
                index += 1
            }
        }
        guard digits > 0 else { return nil }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var value = 0
            while index < count, ByteClass.isDigit(bytes[index]) {
                if value < 100_000 { value = value * 10 + Int(bytes[index] &- 0x30) }
                written += 1
                index += 1
            }
            guard written > 0 else { return nil }
            exponent += exponentNegative ? -value : value
        }
        guard index == count else { return nil }
        if significant < 19, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            value = exponent < 0 ? value / powersOfTen[-exponent] : value * powersOfTen[exponent]
            return negative ? -value : value
        }
        return parseSlowly(bytes)
    }

    /// `strtod` on a NUL-terminated copy, for numbers beyond the fast path.
    private static func parseSlowly(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard bytes.count < 512 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { copy in
            for index in 0..<bytes.count { copy[index] = CChar(bitPattern: bytes[index]) }
            copy[bytes.count] = 0
            var parsedEnd: UnsafeMutablePointer<CChar>?
            let value = strtod(copy.baseAddress!, &parsedEnd)
            return parsedEnd == copy.baseAddress! + bytes.count ? value : nil
        }
    }

    /// A non-negative integer of at most 18 digits, or nil.
    static func parseInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            guard ByteClass.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte &- 0x30)
        }
        return value
    }
}
