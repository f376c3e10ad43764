/// An XML element name as WebDAV compares them: namespace URI and local name, whatever prefix the
/// client chose (RFC 4918 §17).
package struct DAVName: Hashable, Sendable, CustomStringConvertible {
    package var namespace: String
    package var name: String

    package init(_ namespace: String, _ name: String) {
        self.namespace = namespace
        self.name = name
    }

    package var description: String { "{\(namespace)}\(name)" }

    package static let dav = "DAV:"
    package static let caldav = "urn:ietf:params:xml:ns:caldav"
    /// Apple's calendar server namespace: getctag.
    package static let calendarServer = "http://calendarserver.org/ns/"
    /// Apple's iCal namespace: calendar-color and calendar-order.
    package static let appleICal = "http://apple.com/ns/ical/"

    static func d(_ name: String) -> DAVName { DAVName(dav, name) }
    static func c(_ name: String) -> DAVName { DAVName(caldav, name) }
}
