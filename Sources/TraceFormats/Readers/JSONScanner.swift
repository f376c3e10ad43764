/// A cursor over one flat JSON object in bytes: keys and scalar values are handed out as
/// byte ranges, nested objects and arrays are skipped (strings inside them respected).
///
/// Enough JSON for NDJSON trace lines, and for the bodies location apps post to `serve`
/// (package access: LocationProtocols reads them with it), without building a dictionary per
/// object. Related: <https://www.rfc-editor.org/rfc/rfc8259>.
package struct JSONScanner {
    package enum ValueKind {
        case string
        /// A string holding backslash escapes; decode with ``JSONString/decode(_:)``.
        case escapedString
        case number
        case literal
        case nested
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index: Int

    package init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    /// Calls `member` with each key (raw, without quotes) and value; returns false on any
    /// syntax error, including bytes after the closing brace other than whitespace.
    package mutating func forEachMember(
        _ member: (_ key: UnsafeBufferPointer<UInt8>, _ kind: ValueKind, _ value: UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        skipSpace()
        guard consume(UInt8(ascii: "{")) else { return false }
        skipSpace()
        if consume(UInt8(ascii: "}")) { return isAtEnd() }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""),
                let key = scanString()
            else { return false }
            skipSpace()
            guard consume(UInt8(ascii: ":")) else { return false }
            skipSpace()
            guard let (kind, value) = scanValue() else { return false }
            member(UnsafeBufferPointer(rebasing: bytes[key.range]), kind, value)
            skipSpace()
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "}")) else { return false }
            return isAtEnd()
        }
    }

    /// Calls `element` with each value of an array (nested ones as their bytes, to scan in turn);
    /// returns false on any syntax error, as ``forEachMember(_:)`` does.
    package mutating func forEachElement(
        _ element: (_ kind: ValueKind, _ value: UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        skipSpace()
        guard consume(UInt8(ascii: "[")) else { return false }
        skipSpace()
        if consume(UInt8(ascii: "]")) { return isAtEnd() }
        while true {
            skipSpace()
            guard let (kind, value) = scanValue() else { return false }
            element(kind, value)
            skipSpace()
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "]")) else { return false }
            return isAtEnd()
        }
    }

    private mutating func isAtEnd() -> Bool {
        skipSpace()
        return index == bytes.count
    }

    @inline(__always) private mutating func skipSpace() {
        while index < bytes.count && ByteClass.isSpace(bytes[index]) { index += 1 }
    }

    @inline(__always) private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count && bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// At an opening quote: the content's range and whether it holds escapes.
    private mutating func scanString() -> (range: Range<Int>, escaped: Bool)? {
        index += 1
        let start = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return (start..<(index - 1), escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 2
                continue
            }
            if byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    private mutating func scanValue() -> (ValueKind, UnsafeBufferPointer<UInt8>)? {
        guard index < bytes.count else { return nil }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "\""):
            guard let string = scanString() else { return nil }
            return (string.escaped ? .escapedString : .string, UnsafeBufferPointer(rebasing: bytes[string.range]))
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard skipNested() else { return nil }
            return (.nested, UnsafeBufferPointer(rebasing: bytes[start..<index]))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
            return (.number, UnsafeBufferPointer(rebasing: bytes[start..<index]))
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            while index < bytes.count, bytes[index] &- UInt8(ascii: "a") < 26 { index += 1 }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
            guard
                ByteClass.equals(word, "true") || ByteClass.equals(word, "false")
                    || ByteClass.equals(word, "null")
            else { return nil }
            return (.literal, word)
        default:
            return nil
        }
    }

    /// Skips a nested object or array, brackets balanced and strings respected.
    private mutating func skipNested() -> Bool {
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                index += 1
                if depth == 0 { return true }
            case UInt8(ascii: "\""):
                guard scanString() != nil else { return false }
            default:
                index += 1
            }
        }
        return false
    }

    @inline(__always) private static func isNumberByte(_ byte: UInt8) -> Bool {
        ByteClass.isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte | 0x20 == UInt8(ascii: "e")
    }
}
