/// Writes ``DAVElement`` trees as the bodies of 207 and error answers: UTF-8, the four namespaces
/// the server speaks declared once on the root with fixed prefixes, any other namespace (an
/// unknown property a client asked for) declared where it is used.
///
/// Written as bytes: a multiget of a large list carries megabytes of calendar data, and appending
/// it to a `String` piece by piece was most of that answer's time.
package enum DAVXMLWriter {
    static let prefixes: [(namespace: String, prefix: String)] = [
        (DAVName.dav, "d"), (DAVName.caldav, "cal"), (DAVName.calendarServer, "cs"), (DAVName.appleICal, "ical"),
    ]

    package static func document(_ root: DAVElement) -> String {
        String(decoding: bytes(root), as: UTF8.self)
    }

    /// The document as UTF-8, as a response body carries it.
    package static func bytes(_ root: DAVElement) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        out += #"<?xml version="1.0" encoding="utf-8"?>"#.utf8
        out.append(0x0A)
        write(root, into: &out, isRoot: true)
        out.append(0x0A)
        return out
    }

    /// A document whose root `name` holds what `children` writes (with ``write(_:into:)``),
    /// written into one buffer of `capacity` bytes to begin with.
    static func bytes(rootOf name: DAVName, capacity: Int, _ children: (inout [UInt8]) -> Void) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(capacity)
        out += #"<?xml version="1.0" encoding="utf-8"?>"#.utf8
        out.append(0x0A)
        let prefix = prefixes.first { $0.namespace == name.namespace }?.prefix
        out.append(0x3C)
        appendTag(name, prefix: prefix, to: &out)
        for (namespace, prefix) in prefixes { out += (#" xmlns:\#(prefix)=""# + namespace + #"""#).utf8 }
        out.append(0x3E)
        children(&out)
        out += "</".utf8
        appendTag(name, prefix: prefix, to: &out)
        out.append(0x3E)
        out.append(0x0A)
        return out
    }

    /// An element below the root.
    static func write(_ element: DAVElement, into out: inout [UInt8]) {
        write(element, into: &out, isRoot: false)
    }

    private static func write(_ element: DAVElement, into out: inout [UInt8], isRoot: Bool) {
        let known = prefixes.first { $0.namespace == element.name.namespace }?.prefix
        out.append(0x3C)
        appendTag(element.name, prefix: known, to: &out)
        if isRoot {
            for (namespace, prefix) in prefixes { out += (#" xmlns:\#(prefix)=""# + namespace + #"""#).utf8 }
        }
        if known == nil {
            if element.name.namespace.isEmpty {
                out += #" xmlns="""#.utf8
            } else {
                out += #" xmlns:x=""#.utf8
                appendEscaped(element.name.namespace, attribute: true, to: &out)
                out.append(0x22)
            }
        }
        for key in element.attributes.keys.sorted() {
            out += " \(key)=\"".utf8
            appendEscaped(element.attributes[key]!, attribute: true, to: &out)
            out.append(0x22)
        }
        if element.children.isEmpty, element.hasNoText {
            out += "/>".utf8
            return
        }
        out.append(0x3E)
        if let bytes = element.textBytes {
            bytes.withUnsafeBufferPointer { appendEscaped($0, attribute: false, to: &out) }
        } else {
            appendEscaped(element.text, attribute: false, to: &out)
        }
        for child in element.children { write(child, into: &out, isRoot: false) }
        out += "</".utf8
        appendTag(element.name, prefix: known, to: &out)
        out.append(0x3E)
    }

    /// A tag's name: `prefix:name` for the server's namespaces, `name` for no namespace, and
    /// `x:name` for any other (declared on the element itself).
    private static func appendTag(_ name: DAVName, prefix: String?, to out: inout [UInt8]) {
        if let prefix {
            out += prefix.utf8
            out.append(0x3A)
        } else if !name.namespace.isEmpty {
            out += "x:".utf8
        }
        out += name.name.utf8
    }

    static func escaped(_ text: String, attribute: Bool) -> String {
        var out: [UInt8] = []
        appendEscaped(text, attribute: attribute, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` as XML character data (or an attribute value): markup escaped, and a CR as a
    /// character reference, since a reader would normalise a literal CR away and iCalendar's CRLF
    /// must survive. Runs with nothing to escape are copied whole.
    static func appendEscaped(_ text: String, attribute: Bool, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped($0, attribute: attribute, to: &out) }
    }

    /// UTF-8 `bytes` escaped as ``appendEscaped(_:attribute:to:)`` says. Looks 8 bytes at a time
    /// (one 64-bit word) for a byte to escape: calendar data is megabytes with a CR every line.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, attribute: Bool, to out: inout [UInt8]) {
        let count = bytes.count
        let quote: UInt8 = attribute ? 0x22 : 0x26  // `&` again when quotes need no escaping.
        var start = 0
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if !(Self.has(word, 0x26) || Self.has(word, 0x3C) || Self.has(word, 0x3E) || Self.has(word, 0x0D)
                    || Self.has(word, quote))
                {
                    index += 8
                    continue
                }
            }
            let end = Swift.min(index + 8, count)
            while index < end {
                let replacement: StaticString
                switch bytes[index] {
                case 0x26: replacement = "&amp;"
                case 0x3C: replacement = "&lt;"
                case 0x3E: replacement = "&gt;"
                case 0x22 where attribute: replacement = "&quot;"
                case 0x0D: replacement = "&#13;"
                default:
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                index += 1
                start = index
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<count]))
    }

    /// Whether one of the word's eight bytes is `byte` (the zero-byte test of "Bit Twiddling Hacks").
    @inline(__always) private static func has(_ word: UInt64, _ byte: UInt8) -> Bool {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
    }
}
