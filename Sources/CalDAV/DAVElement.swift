/// An XML element of a WebDAV body: its name, attributes (by local name, unqualified ones only),
/// children and text.
public struct DAVElement: Hashable, Sendable {
    public var name: DAVName
    public var attributes: [String: String]
    public var children: [DAVElement]
    public var text: String

    public init(_ name: DAVName, attributes: [String: String] = [:], children: [DAVElement] = [], text: String = "") {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The first child named `name`.
    public func child(_ name: DAVName) -> DAVElement? { children.first { $0.name == name } }

    /// Every child named `name`.
    public func children(_ name: DAVName) -> [DAVElement] { children.filter { $0.name == name } }
}
