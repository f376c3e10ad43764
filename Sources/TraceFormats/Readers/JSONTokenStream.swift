/// JSON tokens pulled one at a time from a ``TraceInput``, never holding more than the
/// token being read: a GeoJSON document of any size streams through the fixed buffer.
///
/// Related: <https://www.rfc-editor.org/rfc/rfc8259>.
final class JSONTokenStream {
    enum Kind: Equatable {
        case beginObject, endObject, beginArray, endArray, colon, comma
        case string, number, trueValue, falseValue, null
        case end
    }

    private let input: TraceInput
    /// The 1-based line of the last token.
    private(set) var line = 1
    /// The last string's content (without quotes) or number's text; valid until `next()`.
    private(set) var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Whether the last string holds backslash escapes (see ``JSONString/decode(_:)``).
    private(set) var escaped = false
    private var depth = 0
    static let maximumDepth = 512

    init(_ input: TraceInput) {
        self.input = input
    }

    func next() throws -> Kind {
        while true {
            let window = input.window
            var index = 0
            while index < window.count && ByteClass.isSpace(window[index]) {
                if window[index] == 0x0A { line += 1 }
                index += 1
            }
            input.advance(by: index)
            if index == window.count {
                if try input.readMore() { continue }
                return .end
            }
            let rest = UnsafeBufferPointer(rebasing: window[index...])
            let kind: Kind
            var length = 1
            switch rest[0] {
            case UInt8(ascii: "{"): kind = .beginObject
            case UInt8(ascii: "}"): kind = .endObject
            case UInt8(ascii: "["): kind = .beginArray
            case UInt8(ascii: "]"): kind = .endArray
            case UInt8(ascii: ":"): kind = .colon
            case UInt8(ascii: ","): kind = .comma
            case UInt8(ascii: "\""):
                guard let count = try scanString(rest) else { continue }
                kind = .string
                length = count
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let count = try scanWhile(rest, Self.isNumberByte) else { continue }
                kind = .number
                length = count
                bytes = UnsafeBufferPointer(rebasing: rest[..<count])
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                guard let count = try scanWhile(rest, { $0 &- UInt8(ascii: "a") < 26 }) else { continue }
                let word = UnsafeBufferPointer(rebasing: rest[..<count])
                if ByteClass.equals(word, "true") {
                    kind = .trueValue
                } else if ByteClass.equals(word, "false") {
                    kind = .falseValue
                } else if ByteClass.equals(word, "null") {
                    kind = .null
                } else {
                    throw malformed("unexpected word \"\(String(decoding: word.prefix(20), as: UTF8.self))\"")
                }
                length = count
            default:
                throw malformed("unexpected character \"\(Character(UnicodeScalar(rest[0])))\"")
            }
            input.advance(by: length)
            return kind
        }
    }

    /// A string token's length with its quotes, or nil when more bytes were read and the
    /// token must be scanned again.
    private func scanString(_ rest: UnsafeBufferPointer<UInt8>) throws -> Int? {
        var index = 1
        var hasEscapes = false
        while index < rest.count {
            let byte = rest[index]
            if byte == UInt8(ascii: "\"") {
                bytes = UnsafeBufferPointer(rebasing: rest[1..<index])
                escaped = hasEscapes
                return index + 1
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                index += 2
                continue
            }
            if byte < 0x20 { throw malformed("control character inside a string") }
            index += 1
        }
        if try input.readMore() { return nil }
        throw TraceError.truncated(file: input.file, line: line, reason: "the JSON document ends inside a string")
    }

    /// The length of the run of bytes matching `test`, or nil after reading more.
    private func scanWhile(_ rest: UnsafeBufferPointer<UInt8>, _ test: (UInt8) -> Bool) throws -> Int? {
        var index = 0
        while index < rest.count && test(rest[index]) { index += 1 }
        if index == rest.count, try input.readMore() { return nil }
        return index
    }

    func malformed(_ reason: String) -> TraceError {
        .malformed(file: input.file, line: line, reason: "invalid JSON: \(reason)")
    }

    /// The document ended where a value or a closing bracket was due.
    func truncated() -> TraceError {
        .truncated(file: input.file, line: line, reason: "the JSON document ends early")
    }

    // MARK: - Structure

    /// Calls `body` with each member name of an object whose `{` was just read; `body` must
    /// read the member's value (or skip it).
    ///
    /// The name is a copy: reading on may refill the buffer and move the bytes it came from.
    func members(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try enter()
        defer { depth -= 1 }
        var name: [UInt8] = []
        name.reserveCapacity(32)
        var first = true
        while true {
            var kind = try next()
            if first && kind == .endObject { return }
            guard kind == .string else { throw kind == .end ? truncated() : malformed("expected a member name") }
            name.removeAll(keepingCapacity: true)
            name.append(contentsOf: bytes)
            kind = try next()
            guard kind == .colon else { throw kind == .end ? truncated() : malformed("expected \":\" after a member name") }
            try name.withUnsafeBufferPointer(body)
            kind = try next()
            if kind == .comma {
                first = false
                continue
            }
            if kind == .endObject { return }
            throw kind == .end ? truncated() : malformed("expected \",\" or \"}\"")
        }
    }

    /// Calls `body` with the first token of each element of an array whose `[` was just read;
    /// `body` must read the rest of the element.
    func elements(_ body: (Kind) throws -> Void) throws {
        try enter()
        defer { depth -= 1 }
        var first = true
        while true {
            let kind = try next()
            if first && kind == .endArray { return }
            try body(kind)
            let separator = try next()
            if separator == .comma {
                first = false
                continue
            }
            if separator == .endArray { return }
            throw separator == .end ? truncated() : malformed("expected \",\" or \"]\"")
        }
    }

    /// Reads past a value whose first token is `kind`.
    func skipValue(_ kind: Kind) throws {
        switch kind {
        case .beginObject: try members { _ in try skipValue(try next()) }
        case .beginArray: try elements { try skipValue($0) }
        case .string, .number, .trueValue, .falseValue, .null: return
        case .end: throw truncated()
        default: throw malformed("expected a value")
        }
    }

    /// Guards the recursion: a hostile document must not overflow the stack.
    private func enter() throws {
        depth += 1
        guard depth <= Self.maximumDepth else { throw malformed("nested deeper than \(Self.maximumDepth) levels") }
    }

    @inline(__always) private static func isNumberByte(_ byte: UInt8) -> Bool {
        ByteClass.isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte | 0x20 == UInt8(ascii: "e")
    }
}
