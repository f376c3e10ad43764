/// An XML element name as WebDAV compares them: namespace URI and local name, whatever prefix the
/// client chose (RFC 4918 §17).
public struct DAVName: Hashable, Sendable, CustomStringConvertible {
    public var namespace: String
    public var name: String

    public init(_ namespace: String, _ name: String) {
        self.namespace = namespace
        self.name = name
    }

    public var description: String { "{\(namespace)}\(name)" }

    public static let dav = "DAV:"
    public static let caldav = "urn:ietf:params:xml:ns:caldav"
    /// Apple's calendar server namespace: getctag.
    public static let calendarServer = "http://calendarserver.org/ns/"
    /// Apple's iCal namespace: calendar-color and calendar-order.
    public static let appleICal = "http://apple.com/ns/ical/"

    static func d(_ name: String) -> DAVName { DAVName(dav, name) }
    static func c(_ name: String) -> DAVName { DAVName(caldav, name) }
}
