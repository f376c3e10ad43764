import Foundation

/// Writes components as an iCalendar stream: CRLF line ends, lines folded at 75 octets,
/// parameter values quoted when they hold `:`, `;` or `,`.
///
/// Related RFC 5545 section: 3.1.
public enum ICalWriter {
    public static func string(_ components: [ICalComponent]) -> String {
        var out = ""
        for component in components { write(component, to: &out) }
        return out
    }

    public static func string(_ component: ICalComponent) -> String {
        string([component])
    }

    public static func data(_ components: [ICalComponent]) -> Data {
        Data(string(components).utf8)
    }

    /// One property as an unfolded content line, without line end. A raw line break in a value
    /// (never valid there) is written as the TEXT escape `\n` so it cannot split the line.
    public static func contentLine(_ property: ICalProperty) -> String {
        var line = property.name
        for parameter in property.parameters {
            line += ";" + parameter.name + "="
            line += parameter.values.map(ICalParameter.encode).joined(separator: ",")
        }
        let breaks: Set<Character> = ["\n", "\r\n", "\r"]
        guard property.value.contains(where: breaks.contains) else { return line + ":" + property.value }
        return line + ":" + property.value.map { breaks.contains($0) ? "\\n" : String($0) }.joined()
    }

    private static func write(_ component: ICalComponent, to out: inout String) {
        out += ICalFolding.fold("BEGIN:" + component.name)
        for property in component.properties {
            out += ICalFolding.fold(contentLine(property))
        }
        for child in component.components {
            write(child, to: &out)
        }
        out += ICalFolding.fold("END:" + component.name)
    }
}
