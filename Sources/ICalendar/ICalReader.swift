import Foundation

/// Reads an iCalendar stream into its component tree, refusing a broken file with an
/// `ICalParseError` that names the physical line.
///
/// Usually the result is one `VCALENDAR`; concatenated calendars give several.
///
/// Related RFC 5545 sections: 3.1, 3.4, 3.6.
public enum ICalReader {
    /// How deep components may nest. Real calendars nest three or four (VCALENDAR, VTODO, VALARM,
    /// VLOCATION); a hostile file nested thousands deep would exhaust the stack when the tree is
    /// compared or released, which Swift does recursively.
    public static let maximumDepth = 32

    public static func components(from data: Data) throws(ICalParseError) -> [ICalComponent] {
        try components(fromLines: ICalFolding.unfold(data))
    }

    public static func components(from text: String) throws(ICalParseError) -> [ICalComponent] {
        try components(fromLines: ICalFolding.unfold(text.utf8))
    }

    /// Some writers leave a space after `BEGIN:VTODO`; it is no part of the name.
    private static func trimmed(_ name: String) -> String {
        guard name.utf8.first == 0x20 || name.utf8.last == 0x20 || name.utf8.last == 0x09 else { return name }
        return String(name.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    private static func components(fromLines lines: [ICalFolding.LogicalLine]) throws(ICalParseError) -> [ICalComponent] {
        guard !lines.isEmpty else { throw .empty }
        var roots: [ICalComponent] = []
        var stack: [ICalComponent] = []
        for line in lines {
            let property = try ICalContentLine.parse(line.text, lineNumber: line.lineNumber)
            switch property.name {
            case "BEGIN":
                let name = trimmed(property.value)
                guard !name.isEmpty else { throw .missingComponentName(line: line.lineNumber) }
                guard ICalContentLine.isValidName(name.utf8) else { throw .invalidName(line: line.lineNumber, name: name) }
                guard stack.count < maximumDepth else { throw .nestedTooDeep(line: line.lineNumber, limit: maximumDepth) }
                stack.append(ICalComponent(name: name, lineNumber: line.lineNumber))
            case "END":
                let name = trimmed(property.value).uppercased()
                guard !name.isEmpty else { throw .missingComponentName(line: line.lineNumber) }
                guard let open = stack.popLast() else {
                    throw .unexpectedEnd(line: line.lineNumber, name: name)
                }
                guard open.name == name else {
                    throw .mismatchedEnd(line: line.lineNumber, expected: open.name, found: name)
                }
                if stack.isEmpty {
                    roots.append(open)
                } else {
                    stack[stack.count - 1].components.append(open)
                }
            default:
                guard !stack.isEmpty else {
                    throw .propertyOutsideComponent(line: line.lineNumber, name: property.name)
                }
                stack[stack.count - 1].properties.append(property)
            }
        }
        if let open = stack.last {
            throw .unterminatedComponent(name: open.name, openedAtLine: open.lineNumber ?? 0)
        }
        return roots
    }
}
