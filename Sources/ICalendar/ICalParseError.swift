/// Why an iCalendar stream was refused, naming the physical line (1-based) where the problem starts.
///
/// Related RFC 5545 sections: 3.1 (content lines), 3.4 and 3.6 (component nesting).
public enum ICalParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file held no content line at all.
    case empty
    /// The bytes of a content line are not valid UTF-8 (RFC 5545 §3.1.4 mandates UTF-8).
    case invalidUTF8(line: Int)
    /// The file starts with a folded continuation (a line beginning with space or HTAB).
    case continuationWithoutLine(line: Int)
    /// A content line has no `:` separating its name and parameters from its value.
    case missingColon(line: Int, text: String)
    /// A property or parameter name holds characters other than letters, digits and `-`.
    case invalidName(line: Int, name: String)
    /// A parameter has no `=`, or a stray `"` sits inside an unquoted value.
    case malformedParameter(line: Int, parameter: String)
    /// A quoted parameter value never closes its `"`.
    case unterminatedQuote(line: Int, parameter: String)
    /// `BEGIN:` or `END:` without a component name.
    case missingComponentName(line: Int)
    /// A property appears before any `BEGIN:` or after the last `END:`.
    case propertyOutsideComponent(line: Int, name: String)
    /// `END:` with no component open.
    case unexpectedEnd(line: Int, name: String)
    /// `END:` names another component than the innermost open one.
    case mismatchedEnd(line: Int, expected: String, found: String)
    /// The file ends while a component is still open.
    case unterminatedComponent(name: String, openedAtLine: Int)
    /// A logical line longer than ``ICalFolding/maximumLineLength`` bytes.
    case lineTooLong(line: Int, limit: Int)
    /// Components nested deeper than ``ICalReader/maximumDepth``.
    case nestedTooDeep(line: Int, limit: Int)
    /// A property's value does not read as its value type.
    case invalidValue(line: Int?, property: String, problem: ICalValueError)

    public var description: String {
        switch self {
        case .empty:
            return "the file holds no iCalendar data; expected BEGIN:VCALENDAR"
        case .lineTooLong(let line, let limit):
            return "line \(line): longer than \(limit) bytes once unfolded; no property of a reminder needs that"
        case .nestedTooDeep(let line, let limit):
            return "line \(line): components nest more than \(limit) deep; calendars nest a few (VCALENDAR, VTODO, VALARM)"
        case .invalidUTF8(let line):
            return "line \(line): bytes are not valid UTF-8; iCalendar text must be UTF-8 (RFC 5545 §3.1.4)"
        case .continuationWithoutLine(let line):
            return "line \(line): starts with a space or tab (a folded continuation) but no line precedes it"
        case .missingColon(let line, let text):
            return "line \(line): no ':' between name and value in \"\(Self.clip(text))\"; content lines are NAME:VALUE"
        case .invalidName(let line, let name):
            return "line \(line): \"\(Self.clip(name))\" is not a valid name; names are letters, digits and '-'"
        case .malformedParameter(let line, let parameter):
            return "line \(line): parameter \"\(Self.clip(parameter))\" is malformed; expected NAME=value or NAME=\"quoted value\""
        case .unterminatedQuote(let line, let parameter):
            return "line \(line): the quoted value of parameter \(parameter) has no closing '\"'"
        case .missingComponentName(let line):
            return "line \(line): BEGIN or END without a component name"
        case .propertyOutsideComponent(let line, let name):
            return "line \(line): property \(name) is outside any component; it must sit between BEGIN and END"
        case .unexpectedEnd(let line, let name):
            return "line \(line): END:\(name) closes a component that was never opened"
        case .mismatchedEnd(let line, let expected, let found):
            return "line \(line): END:\(found) found where END:\(expected) was expected"
        case .unterminatedComponent(let name, let openedAtLine):
            return "the file ends inside \(name) (opened at line \(openedAtLine)); END:\(name) is missing"
        case .invalidValue(let line, let property, let problem):
            let place = line.map { "line \($0): " } ?? ""
            return "\(place)\(property): \(problem)"
        }
    }

    /// Keeps messages one readable line even for a huge broken line.
    private static func clip(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(57)) + "..."
    }
}
