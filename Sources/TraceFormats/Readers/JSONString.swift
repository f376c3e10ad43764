/// JSON string escapes decoded into a Swift String (the rare path: plain strings are
/// taken from their bytes as they are).
package enum JSONString {
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var index = 0
        func flush() {
            if !utf8.isEmpty {
                scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
                utf8.removeAll()
            }
        }
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[at..<(at + 4)] {
                guard let digit = Character(UnicodeScalar(byte)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { return nil }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                guard var code = hex4(index) else { return nil }
                index += 4
                if (0xD800..<0xDC00).contains(code) {
                    guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u"), let low = hex4(index + 2),
                        (0xDC00..<0xE000).contains(low)
                    else { return nil }
                    index += 6
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = UnicodeScalar(code) else { return nil }
                flush()
                scalars.append(scalar)
            default:
                return nil
            }
        }
        flush()
        return String(scalars)
    }
}
