/// A JSON text written by hand, byte for byte what `JSONLines`' encoder writes (sorted keys,
/// slashes unescaped, doubles as their shortest description without a trailing `.0`).
///
/// `list --json` prints tens of thousands of reminders; Foundation's `JSONEncoder` spent three
/// quarters of the command's time there (docs/cli.md: 100,000 reminders in 0.3 s).
/// Callers write keys in sorted order themselves.
package struct JSONText {
    /// The text so far, UTF-8.
    package private(set) var bytes: [UInt8] = []
    /// Whether the container being written needs a comma before its next member.
    private var needsComma = false

    package init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    package mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    package mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma = false }
    package mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// Starts a member: the comma when needed, then `"key":`.
    package mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    package mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        // Most text needs no escape: copied whole, not byte by byte.
        let copied = value.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: Self.needsEscape) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied != true {
            for byte in value.utf8 { escape(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Ends a line of JSON Lines: a newline, after which the next value starts a new text.
    package mutating func endLine() {
        bytes.append(UInt8(ascii: "\n"))
        needsComma = false
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
        case 0x08: bytes.append(contentsOf: [92, UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [92, UInt8(ascii: "f")])
        case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
        default: bytes.append(byte)
        }
    }

    package mutating func number(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    package mutating func number(_ value: Double) {
        separate()
        let text = value.description.utf8
        // An integral value's description ends in ".0", which `JSONEncoder` leaves out.
        if text.count > 2, text.last == UInt8(ascii: "0"), text[text.index(text.endIndex, offsetBy: -2)] == UInt8(ascii: ".") {
            bytes.append(contentsOf: text.dropLast(2))
        } else {
            bytes.append(contentsOf: text)
        }
        needsComma = true
    }

    package mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    /// `"key":value` for a value that is present; nothing for nil, as `encodeIfPresent` does.
    package mutating func member(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        self.key(key)
        string(value)
    }

    package mutating func member(_ key: StaticString, _ value: Double?) {
        guard let value else { return }
        self.key(key)
        number(value)
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = false
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }
}
