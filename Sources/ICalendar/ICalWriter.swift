import Foundation

/// Writes components as an iCalendar stream: CRLF line ends, lines folded at 75 octets,
/// parameter values quoted when they hold `:`, `;` or `,`.
///
/// Related RFC 5545 section: 3.1.
public enum ICalWriter {
    public static func string(_ components: [ICalComponent]) -> String {
        String(decoding: bytes(components), as: UTF8.self)
    }

    public static func string(_ component: ICalComponent) -> String {
        string([component])
    }

    public static func data(_ components: [ICalComponent]) -> Data {
        Data(bytes(components))
    }

    /// One property as an unfolded content line, without line end. A raw line break in a value
    /// (never valid there) is written as the TEXT escape `\n` so it cannot split the line.
    public static func contentLine(_ property: ICalProperty) -> String {
        var line = property.name
        for parameter in property.parameters {
            line += ";" + parameter.name + "="
            line += parameter.values.map(ICalParameter.encode).joined(separator: ",")
        }
        guard property.value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return line + ":" + property.value }
        let breaks: Set<Character> = ["\n", "\r\n", "\r"]
        return line + ":" + property.value.map { breaks.contains($0) ? "\\n" : String($0) }.joined()
    }

    private static func bytes(_ components: [ICalComponent]) -> [UInt8] {
        var out: [UInt8] = []
        for component in components { write(component, to: &out) }
        return out
    }

    private static func write(_ component: ICalComponent, to out: inout [UInt8]) {
        ICalFolding.fold("BEGIN:" + component.name, into: &out)
        for property in component.properties {
            ICalFolding.fold(contentLine(property), into: &out)
        }
        for child in component.components {
            write(child, to: &out)
        }
        ICalFolding.fold("END:" + component.name, into: &out)
    }
}
