/// The TEXT value type's escaping: backslash, semicolon, comma and newline are written as
/// `\\`, `\;`, `\,` and `\n`.
///
/// Related RFC 5545 section: 3.3.11.
public enum ICalText {
    /// Escapes text for a TEXT value; CRLF and lone CR become `\n` like LF.
    public static func escape(_ text: String) -> String {
        // Works on octets: every character escaped is ASCII, and most values need nothing.
        let special: (UInt8) -> Bool = { $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D }
        guard text.utf8.contains(where: special) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case 0x5C: out += [0x5C, 0x5C]
            case 0x3B: out += [0x5C, 0x3B]
            case 0x2C: out += [0x5C, 0x2C]
            case 0x0D: out += [0x5C, 0x6E]
            case 0x0A where previous == 0x0D: break  // the CR already wrote this line break
            case 0x0A: out += [0x5C, 0x6E]
            default: out.append(byte)
            }
            previous = byte
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes a TEXT value. `\n` and `\N` are newlines; an unknown escape such as `\:` (which
    /// some writers emit) reads as the character itself, and a trailing lone backslash stays.
    public static func unescape(_ raw: some StringProtocol) -> String {
        guard raw.utf8.contains(UInt8(ascii: "\\")) else { return String(raw) }
        var out = ""
        var it = raw.makeIterator()
        while let c = it.next() {
            guard c == "\\" else { out.append(c); continue }
            switch it.next() {
            case "n"?, "N"?: out.append("\n")
            case let other?: out.append(other)
            case nil: out.append("\\")
            }
        }
        return out
    }

    /// Splits a multi-valued TEXT (CATEGORIES) on the commas that are not escaped, unescaping each.
    public static func splitList(_ raw: String) -> [String] {
        var items: [String] = []
        var current = Substring()
        var start = raw.startIndex
        var index = raw.startIndex
        while index < raw.endIndex {
            let c = raw[index]
            if c == "\\" {
                index = raw.index(after: index)
                if index < raw.endIndex { index = raw.index(after: index) }
                continue
            }
            if c == "," {
                current = raw[start..<index]
                items.append(unescape(current))
                start = raw.index(after: index)
            }
            index = raw.index(after: index)
        }
        items.append(unescape(raw[start...]))
        return items
    }

    /// Escapes each item and joins them with commas.
    public static func joinList(_ items: [String]) -> String {
        items.map(escape).joined(separator: ",")
    }
}
