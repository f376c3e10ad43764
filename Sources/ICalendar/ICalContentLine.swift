/// Parsing of one unfolded content line into a property: `NAME *(";" param) ":" value`.
///
/// Names are case-insensitive and stored uppercased. Parameter values may be quoted (then
/// `:`, `;` and `,` are literal), may list several values with commas, and carry RFC 6868 escapes.
///
/// Related RFC 5545 section: 3.1 and 3.2.
enum ICalContentLine {
    static func parse(_ text: String, lineNumber line: Int) throws(ICalParseError) -> ICalProperty {
        // Scanning the contiguous UTF-8 buffer avoids a copy per line; `withUTF8` rethrows
        // untyped errors, so the typed error travels out in a Result.
        var utf8 = text
        return try utf8.withUTF8 { parse(bytes: $0, text: text, line: line) }.get()
    }

    private static func parse(bytes b: UnsafeBufferPointer<UInt8>, text: String, line: Int) -> Result<ICalProperty, ICalParseError> {
        do throws(ICalParseError) {
            return .success(try parseOrThrow(bytes: b, text: text, line: line))
        } catch {
            return .failure(error)
        }
    }

    private static func parseOrThrow(bytes b: UnsafeBufferPointer<UInt8>, text: String, line: Int) throws(ICalParseError) -> ICalProperty {
        let colon = UInt8(ascii: ":"), semicolon = UInt8(ascii: ";"), comma = UInt8(ascii: ",")
        let equals = UInt8(ascii: "="), quote = UInt8(ascii: "\"")
        func string(_ range: Range<Int>) -> String { String(decoding: b[range], as: UTF8.self) }

        var i = 0
        while i < b.count, b[i] != semicolon, b[i] != colon { i += 1 }
        guard i < b.count else { throw .missingColon(line: line, text: text) }
        let name = string(0..<i)
        guard isValidName(b[0..<i]) else { throw .invalidName(line: line, name: name) }

        var parameters: [ICalParameter] = []
        while i < b.count, b[i] == semicolon {
            i += 1
            let nameStart = i
            while i < b.count, b[i] != equals, b[i] != semicolon, b[i] != colon { i += 1 }
            guard i < b.count else { throw .missingColon(line: line, text: text) }
            let parameterName = string(nameStart..<i)
            guard b[i] == equals else { throw .malformedParameter(line: line, parameter: parameterName) }
            guard isValidName(b[nameStart..<i]) else { throw .invalidName(line: line, name: parameterName) }
            i += 1
            var values: [String] = []
            while true {
                if i < b.count, b[i] == quote {
                    let valueStart = i + 1
                    guard let close = b[valueStart...].firstIndex(of: quote) else {
                        throw .unterminatedQuote(line: line, parameter: parameterName.uppercased())
                    }
                    values.append(ICalParameter.decodeCaret(Substring(string(valueStart..<close))))
                    i = close + 1
                    guard i < b.count else { throw .missingColon(line: line, text: text) }
                    guard b[i] == comma || b[i] == semicolon || b[i] == colon else {
                        throw .malformedParameter(line: line, parameter: parameterName)
                    }
                } else {
                    let valueStart = i
                    while i < b.count, b[i] != comma, b[i] != semicolon, b[i] != colon {
                        // A DQUOTE may only open a quoted value (RFC 5545 §3.1, paramtext is SAFE-CHAR).
                        if b[i] == quote { throw .malformedParameter(line: line, parameter: parameterName) }
                        i += 1
                    }
                    guard i < b.count else { throw .missingColon(line: line, text: text) }
                    values.append(ICalParameter.decodeCaret(Substring(string(valueStart..<i))))
                }
                if b[i] == comma { i += 1; continue }
                break
            }
            parameters.append(ICalParameter(name: parameterName, values: values))
        }
        // Here b[i] is the colon that ends the name and parameters.
        return ICalProperty(
            name: name, parameters: parameters, value: string((i + 1)..<b.count),
            lineNumber: line)
    }

    /// iana-token and x-name: ALPHA, DIGIT and "-" (RFC 5545 §3.1), and "_", which the python
    /// `caldav` library writes for keyword arguments it does not know (`PERCENT_COMPLETE`,
    /// `RELATED_TO`, GNOME Errands' `X_ERRANDS_COLOR`) and Radicale and Nextcloud store.
    static func isValidName(_ bytes: some Collection<UInt8>) -> Bool {
        !bytes.isEmpty
            && bytes.allSatisfy { c in
                (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x5F
            }
    }
}

extension String {
    /// Uppercased for case-insensitive iCalendar names, without work when already so.
    var icalName: String {
        utf8.contains { $0 >= 0x61 && $0 <= 0x7A } ? uppercased() : self
    }
}
