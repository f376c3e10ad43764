/// Writes ``DAVElement`` trees as the bodies of 207 and error answers: UTF-8, the four namespaces
/// the server speaks declared once on the root with fixed prefixes, any other namespace (an
/// unknown property a client asked for) declared where it is used.
public enum DAVXMLWriter {
    static let prefixes: [(namespace: String, prefix: String)] = [
        (DAVName.dav, "d"), (DAVName.caldav, "cal"), (DAVName.calendarServer, "cs"), (DAVName.appleICal, "ical"),
    ]

    public static func document(_ root: DAVElement) -> String {
        var out = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
        write(root, into: &out, isRoot: true)
        out += "\n"
        return out
    }

    private static func write(_ element: DAVElement, into out: inout String, isRoot: Bool) {
        let tag: String
        var declarations = ""
        if let known = prefixes.first(where: { $0.namespace == element.name.namespace }) {
            tag = "\(known.prefix):\(element.name.name)"
        } else if element.name.namespace.isEmpty {
            tag = element.name.name
            declarations = #" xmlns="""#
        } else {
            tag = "x:\(element.name.name)"
            declarations = #" xmlns:x=""# + escaped(element.name.namespace, attribute: true) + #"""#
        }
        out += "<" + tag
        if isRoot {
            for (namespace, prefix) in prefixes { out += #" xmlns:\#(prefix)=""# + namespace + #"""# }
        }
        out += declarations
        for key in element.attributes.keys.sorted() {
            out += " \(key)=\"" + escaped(element.attributes[key]!, attribute: true) + "\""
        }
        if element.children.isEmpty, element.text.isEmpty {
            out += "/>"
            return
        }
        out += ">" + escaped(element.text, attribute: false)
        for child in element.children { write(child, into: &out, isRoot: false) }
        out += "</" + tag + ">"
    }

    static func escaped(_ text: String, attribute: Bool) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x0D }) else {
            return text
        }
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            // A literal CR would be normalised away by the reader: iCalendar's CRLF must survive.
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
