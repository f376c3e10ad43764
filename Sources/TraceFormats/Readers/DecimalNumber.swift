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
package enum DecimalNumber {
    /// 10^exponent for 0...22, all exact in a Double; a switch compiles to a constant table
    /// without the lazy-initialisation check a static array costs on every access.
    @inline(__always) private static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: return 1e0
        case 1: return 1e1
        case 2: return 1e2
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        case 8: return 1e8
        case 9: return 1e9
        case 10: return 1e10
        case 11: return 1e11
        case 12: return 1e12
        case 13: return 1e13
        case 14: return 1e14
        case 15: return 1e15
        case 16: return 1e16
        case 17: return 1e17
        case 18: return 1e18
        case 19: return 1e19
        case 20: return 1e20
        case 21: return 1e21
        default: return 1e22
        }
    }

    /// The number in `bytes` (JSON/CSV syntax: sign, digits, fraction, exponent), or nil when
    /// the bytes are anything else, empty included.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return nil }
        var index = 0
        var negative = false
        if base[0] == UInt8(ascii: "-") {
            negative = true
            index = 1
        } else if base[0] == UInt8(ascii: "+") {
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        while index < count {
            let digit = base[index] &- 0x30
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            digits += 1
            index += 1
        }
        var fractionDigits = 0
        if index < count, base[index] == UInt8(ascii: ".") {
            index += 1
            while index < count {
                let digit = base[index] &- 0x30
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                fractionDigits += 1
                index += 1
            }
        }
        guard digits + fractionDigits > 0 else { return nil }
        var exponent = -fractionDigits
        if index < count, base[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, base[index] == UInt8(ascii: "-") || base[index] == UInt8(ascii: "+") {
                exponentNegative = base[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var value = 0
            while index < count, ByteClass.isDigit(base[index]) {
                if value < 100_000 { value = value * 10 + Int(base[index] &- 0x30) }
                written += 1
                index += 1
            }
            guard written > 0 else { return nil }
            exponent += exponentNegative ? -value : value
        }
        guard index == count else { return nil }
        // 19 digits cannot overflow UInt64; Clinger: exact mantissa, exact power, one rounding.
        if digits + fractionDigits <= 19, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            value = exponent < 0 ? value / powerOfTen(-exponent) : value * powerOfTen(exponent)
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
