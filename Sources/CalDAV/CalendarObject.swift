import Foundation
import GeoReminders
import ICalendar

/// A reminder as a CalDAV resource: its name in the collection and its bytes, the one-VTODO
/// calendar `georemind export` writes for it.
///
/// Two things a client chose are kept with the reminder (in its verbatim iCalendar extras) so that
/// it finds its resource again: the UID when it is no canonical UUID (iOS writes uppercase UUIDs,
/// others free text), as `X-GEOREMIND-UID`, and the resource name when it is not `UID.ics`, as
/// `X-GEOREMIND-CALDAV-NAME`. The parent a subtask's RELATED-TO names is kept the same way, as
/// `X-GEOREMIND-PARENT-UID`, so the link names the parent's UID as its resource shows it. They are
/// taken out again when the resource is written.
package struct CalendarObject: Sendable {
    package var reminderID: String
    package var listID: String?
    package var lastModifiedDate: Date
    /// The whole reminder, when it was read: a resource found by name, a list read for a
    /// calendar-query. nil in a listing of kept renderings, which needs only the bytes.
    package var reminder: Reminder?
    /// The resource name (not percent-encoded), such as `UID.ics`.
    package var name: String
    package var data: [UInt8]
    package var etag: String

    static let uidProperty = "X-GEOREMIND-UID"
    static let nameProperty = "X-GEOREMIND-CALDAV-NAME"
    static let parentUIDProperty = "X-GEOREMIND-PARENT-UID"

    package init(_ reminder: Reminder, lists: [ReminderList]) {
        reminderID = reminder.id
        listID = reminder.listID
        lastModifiedDate = reminder.lastModifiedDate
        self.reminder = reminder
        var calendar = ICalendarExport.calendar([reminder], lists: lists)
        var name = reminder.id + ".ics"
        if let index = calendar.components.firstIndex(where: { $0.name == "VTODO" }) {
            var todo = calendar.components[index]
            if let uid = todo.property(Self.uidProperty)?.value, let at = todo.properties.firstIndex(where: { $0.name == "UID" }) {
                todo.properties[at].value = uid
                name = uid + ".ics"
            }
            if let kept = todo.property(Self.nameProperty)?.text { name = kept }
            // The parent's UID as the client wrote it, while the link still names that parent.
            if let parentUID = todo.property(Self.parentUIDProperty)?.value,
                let at = todo.properties.firstIndex(where: \.namesParent),
                todo.properties[at].value == Self.reminderID(forUID: parentUID)
            {
                todo.properties[at].value = parentUID
            }
            todo.removeProperties(named: Self.uidProperty)
            todo.removeProperties(named: Self.nameProperty)
            todo.removeProperties(named: Self.parentUIDProperty)
            calendar.components[index] = todo
        }
        self.name = name
        self.data = Array(ICalWriter.data([calendar]))
        self.etag = ETag.strong(data)
    }

    /// A resource kept by the store as it was rendered (``KeptRendering``).
    init(_ listed: ListedReminder, kept: KeptRendering) {
        reminderID = listed.id
        listID = listed.listID
        lastModifiedDate = listed.lastModifiedDate
        name = kept.name
        data = kept.bytes
        etag = kept.tag
    }

    /// The resource as the store keeps it, rendered in `context`.
    func kept(context: String) -> KeptRendering {
        KeptRendering(context: context, name: name, tag: etag, bytes: data)
    }

    /// The resource as served: the client's own bytes while `copy` still stands for this
    /// rendering (``GeoReminders/ClientCopy``), else as rendered.
    func serving(_ copy: ClientCopy?) -> CalendarObject {
        guard let copy, copy.renderedTag == etag else { return self }
        var served = self
        served.data = copy.bytes
        served.etag = copy.tag
        return served
    }

    /// What a PUT keeps with the reminder it stored: the client's bytes `verbatim`, when they
    /// stand for it (``IncomingObject/isVerbatim``), with the rendering they stand for; the
    /// resource as it will be served, for the next listing.
    static func keeping(verbatim: [UInt8]?) -> @Sendable (Reminder, [ReminderList]) -> KeptResource {
        { reminder, lists in
            let rendered = CalendarObject(reminder, lists: lists)
            let copy = verbatim.map { ClientCopy(renderedTag: rendered.etag, tag: ETag.strong($0), bytes: $0) }
            let context = renderingContext(listID: reminder.listID, lists: lists)
            return KeptResource(rendering: rendered.serving(copy).kept(context: context), clientCopy: copy)
        }
    }

    /// Which rendering of a reminder this build writes. The store keeps rendered bytes across
    /// restarts and upgrades, so a build whose bytes for the same reminder differ must count this
    /// up; `CalendarObjectTests` pins a fixture's bytes to it and fails until it is.
    static let edition = 1

    /// What a resource's bytes depend on besides its reminder: the edition and its list's title.
    static func renderingContext(listID: String?, lists: [ReminderList]) -> String {
        let title = lists.first { $0.id == listID }?.title
        return "\(edition)\n" + (title.map { "list " + $0 } ?? "no list")
    }

    /// The reminder identifier a UID stands for (a canonical UUID as it is, any other its name-based UUID).
    package static func reminderID(forUID uid: String) -> String {
        InterchangeIdentifier.identifier(forUID: uid)
    }
}
