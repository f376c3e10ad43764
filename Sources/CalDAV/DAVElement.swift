/// An XML element of a WebDAV body: its name, attributes (by local name, unqualified ones only),
/// children and text.
package struct DAVElement: Hashable, Sendable {
    package var name: DAVName
    package var attributes: [String: String]
    package var children: [DAVElement]
    package var text: String {
        get { textBytes.map { String(decoding: $0, as: UTF8.self) } ?? storedText }
        set {
            storedText = newValue
            textBytes = nil
        }
    }
    private var storedText: String
    /// The text as UTF-8 bytes, when it was given so (calendar data kept as bytes): written
    /// without making a string of megabytes first.
    private(set) var textBytes: [UInt8]?

    package init(_ name: DAVName, attributes: [String: String] = [:], children: [DAVElement] = [], text: String = "") {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.storedText = text
    }

    /// An element whose text is `bytes`, which must be UTF-8.
    init(_ name: DAVName, utf8 bytes: [UInt8]) {
        self.init(name)
        textBytes = bytes
    }

    /// Whether the element has no text.
    var hasNoText: Bool { textBytes?.isEmpty ?? storedText.isEmpty }

    /// The text's length in UTF-8 bytes.
    var textLength: Int { textBytes?.count ?? storedText.utf8.count }

    package static func == (a: DAVElement, b: DAVElement) -> Bool {
        a.name == b.name && a.attributes == b.attributes && a.children == b.children && a.text == b.text
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(children)
        hasher.combine(text)
    }

    /// The first child named `name`.
    package func child(_ name: DAVName) -> DAVElement? { children.first { $0.name == name } }

    /// Every child named `name`.
    package func children(_ name: DAVName) -> [DAVElement] { children.filter { $0.name == name } }
}
