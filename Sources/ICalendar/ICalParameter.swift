/// A property parameter (`TZID=Europe/Berlin`, `MEMBER="mailto:a@x","mailto:b@x"`), its values decoded.
///
/// Names are kept uppercased since they are case-insensitive; values are stored without quotes
/// and with RFC 6868 `^` escapes decoded, so `^n` is a newline and `^'` a double quote.
///
/// Related RFC 5545 section: 3.2. RFC 6868 for the caret escapes.
public struct ICalParameter: Hashable, Sendable {
    public var name: String
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name.icalName
        self.values = values
    }

    public init(name: String, value: String) {
        self.init(name: name, values: [value])
    }

    /// The first value, which is the only one for most parameters.
    public var value: String { values.first ?? "" }
}

extension ICalParameter {
    /// Decodes RFC 6868 escapes: `^n` newline, `^'` double quote, `^^` caret; any other `^` stays.
    static func decodeCaret(_ raw: Substring) -> String {
        guard raw.utf8.contains(UInt8(ascii: "^")) else { return String(raw) }
        var out = ""
        var it = raw.makeIterator()
        while let c = it.next() {
            guard c == "^" else { out.append(c); continue }
            switch it.next() {
            case "n"?, "N"?: out.append("\n")
            case "'"?: out.append("\"")
            case "^"?: out.append("^")
            case let other?: out.append("^"); out.append(other)
            case nil: out.append("^")
            }
        }
        return out
    }

    /// Encodes one value for writing: caret escapes first, then quotes when `:`, `;` or `,` appear.
    static func encode(_ value: String) -> String {
        let plain = !value.utf8.contains { $0 == 0x5E || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || $0 == 0x3A || $0 == 0x3B || $0 == 0x2C }
        if plain { return value }
        var escaped = ""
        for c in value {
            switch c {
            case "^": escaped += "^^"
            case "\"": escaped += "^'"
            case "\n", "\r\n", "\r": escaped += "^n"
            default: escaped.append(c)
            }
        }
        // RFC 5545 §3.2: values containing COLON, SEMICOLON or COMMA MUST be quoted.
        let needsQuotes = escaped.contains { $0 == ":" || $0 == ";" || $0 == "," }
        return needsQuotes ? "\"\(escaped)\"" : escaped
    }
}
