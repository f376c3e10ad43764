import Crypto
import Foundation
import GeoReminders
import Testing

@testable import CalDAV

/// A store file keeps each reminder's rendered bytes (``KeptRendering``): a listing after any
/// change must still carry the reminder's own bytes, so each test changes the reminder one way
/// and compares what the collection lists with a fresh rendering.
@Suite struct CalDAVKeptRenderingTests {
    static let uid = "5E1C2A9B-3F4D-4E5F-8A9B-0C1D2E3F4A5B"
    static let listing = #"<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>"#

    /// The ETag the Depth-1 listing shows for the reminder.
    static func listedTag(_ fixture: CalDAVFixture) throws -> String {
        let text = CalDAVFixture.text(fixture.send("PROPFIND", fixture.collection, listing, headers: ["Depth": "1"]))
        let member = try #require(text.range(of: uid))
        let start = try #require(text[member.upperBound...].range(of: "<d:getetag>"))
        let end = try #require(text[start.upperBound...].range(of: "</d:getetag>"))
        return String(text[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
    }

    /// The ETag of the reminder rendered afresh from the store.
    static func freshTag(_ fixture: CalDAVFixture) throws -> String {
        let reminder = try #require(try fixture.store.reminder(id: CalendarObject.reminderID(forUID: uid)))
        return CalendarObject(reminder, lists: try fixture.store.lists()).etag
    }

    static func keptCount(_ fixture: CalDAVFixture) throws -> Int {
        try fixture.store.listedReminders(matching: ReminderPredicate(), bytes: false).filter { $0.kept != nil }.count
    }

    /// A fixture with the Apple reminder stored and listed once, so its rendering is kept.
    static func listedOnce() throws -> (CalDAVFixture, String) {
        let fixture = try CalDAVFixture()
        #expect(fixture.send("PUT", fixture.collection + uid + ".ics", CalDAVFixture.appleTodo(uid: uid)).status == 201)
        let tag = try listedTag(fixture)
        #expect(try keptCount(fixture) == 1)
        // The client's own bytes are listed until the reminder changes (``ClientCopy``).
        let fresh = try freshTag(fixture)
        #expect(tag == ETag.strong(Array(CalDAVFixture.appleTodo(uid: uid).utf8)) && tag != fresh)
        return (fixture, tag)
    }

    @Test func aPUTKeepsWhatTheNextListingShowsInItsOwnTransaction() throws {
        let fixture = try CalDAVFixture()
        #expect(fixture.send("PUT", fixture.collection + Self.uid + ".ics", CalDAVFixture.appleTodo(uid: Self.uid)).status == 201)
        let kept = try #require(try fixture.store.listedReminders(matching: ReminderPredicate(), bytes: true).first?.kept)
        let sent = Array(CalDAVFixture.appleTodo(uid: Self.uid).utf8)
        #expect(kept.tag == ETag.strong(sent) && kept.bytes == sent && kept.name == Self.uid + ".ics")
        // A PUT over it replaces it.
        let eggs = CalDAVFixture.appleTodo(uid: Self.uid, title: "Eggs")
        #expect(fixture.send("PUT", fixture.collection + Self.uid + ".ics", eggs).status == 204)
        let replaced = try #require(try fixture.store.listedReminders(matching: ReminderPredicate(), bytes: false).first?.kept)
        #expect(replaced.tag == ETag.strong(Array(eggs.utf8)) && replaced.tag != kept.tag)
    }

    @Test func aNewProcessListsTheKeptBytesWhichAreTheFreshOnes() throws {
        let (fixture, tag) = try Self.listedOnce()
        let restarted = fixture.restarted()
        #expect(try Self.listedTag(restarted) == tag)
        let got = restarted.send("GET", restarted.collection + Self.uid + ".ics")
        #expect(got.body == Array(CalDAVFixture.appleTodo(uid: Self.uid).utf8) && got.header("ETag") == tag)
    }

    @Test func anEditFromTheCommandLineIsListedWithItsNewBytes() throws {
        let (fixture, tag) = try Self.listedOnce()
        var reminder = try #require(try fixture.store.reminder(id: CalendarObject.reminderID(forUID: Self.uid)))
        reminder.title = "Buy oat milk"
        try fixture.store.save(reminder)
        #expect(try Self.keptCount(fixture) == 0)
        let now = try Self.listedTag(fixture.restarted())
        let fresh = try Self.freshTag(fixture)
        #expect(now != tag && now == fresh)
    }

    @Test func aCompletionIsListedWithItsNewBytes() throws {
        let (fixture, tag) = try Self.listedOnce()
        _ = try fixture.store.complete(id: CalendarObject.reminderID(forUID: Self.uid))
        let now = try Self.listedTag(fixture.restarted())
        let fresh = try Self.freshTag(fixture)
        #expect(now != tag && now == fresh)
    }

    @Test func aFiredAndAcknowledgedAlarmIsListedWithItsNewBytes() throws {
        let (fixture, tag) = try Self.listedOnce()
        let reminder = try #require(try fixture.store.reminder(id: CalendarObject.reminderID(forUID: Self.uid)))
        let alarm = try #require(reminder.alarms.first)
        try fixture.store.setAlarmState(
            reminderID: reminder.id, alarmID: alarm.id, firedDate: Date(timeIntervalSince1970: 1_790_000_000),
            acknowledgedDate: Date(timeIntervalSince1970: 1_790_000_060))
        #expect(try Self.keptCount(fixture) == 0)
        let now = try Self.listedTag(fixture.restarted())
        let fresh = try Self.freshTag(fixture)
        #expect(now != tag && now == fresh)
    }

    @Test func aRenamedListRendersItsRemindersAgain() throws {
        let (fixture, tag) = try Self.listedOnce()
        var list = try fixture.store.defaultList()
        list.title = "Errands"
        _ = try fixture.store.save(list)
        let now = try Self.listedTag(fixture.restarted())
        let fresh = try Self.freshTag(fixture)
        #expect(now != tag && now == fresh)
    }

    @Test func aRenderingOfAReminderChangedSinceIsNotKept() throws {
        let fixture = try CalDAVFixture()
        #expect(fixture.send("PUT", fixture.collection + Self.uid + ".ics", CalDAVFixture.appleTodo(uid: Self.uid)).status == 201)
        let old = try #require(try fixture.store.reminder(id: CalendarObject.reminderID(forUID: Self.uid)))
        let lists = try fixture.store.lists()
        let rendered = CalendarObject(old, lists: lists)
        var changed = old
        changed.priority = 1
        try fixture.store.save(changed)
        // The listing's rendering arrives after the change: it must not be kept for the new row.
        fixture.store.keepRenderings([(old, rendered.kept(context: CalendarObject.renderingContext(listID: old.listID, lists: lists)))])
        #expect(try Self.keptCount(fixture) == 0)
        let listed = try Self.listedTag(fixture)
        let fresh = try Self.freshTag(fixture)
        #expect(listed == fresh && listed != rendered.etag)
    }

    @Test func aDeletedReminderTakesItsRenderingWithIt() throws {
        let (fixture, _) = try Self.listedOnce()
        #expect(fixture.send("DELETE", fixture.collection + Self.uid + ".ics").status == 204)
        #expect(try Self.keptCount(fixture) == 0)
        #expect(
            fixture.send("PUT", fixture.collection + Self.uid + ".ics", CalDAVFixture.appleTodo(uid: Self.uid, title: "Eggs")).status == 201
        )
        let listed = try Self.listedTag(fixture.restarted())
        #expect(listed == ETag.strong(Array(CalDAVFixture.appleTodo(uid: Self.uid, title: "Eggs").utf8)))
    }

    @Test func reportsReadWhatTheyNeedFromKeptRenderings() throws {
        let (listed, _) = try Self.listedOnce()
        let fixture = listed.restarted()
        let served = Array(CalDAVFixture.appleTodo(uid: Self.uid).utf8)
        // A listing with lengths reads the kept bytes.
        let lengths = CalDAVFixture.text(
            fixture.send(
                "PROPFIND", fixture.collection, #"<d:propfind xmlns:d="DAV:"><d:prop><d:getcontentlength/></d:prop></d:propfind>"#,
                headers: ["Depth": "1"]))
        #expect(lengths.contains("<d:getcontentlength>\(served.count)</d:getcontentlength>"))
        // A multiget carries them.
        let multiget = """
            <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data/></d:prop>
            <d:href>\(fixture.collection)\(Self.uid).ics</d:href></c:calendar-multiget>
            """
        var escaped: [UInt8] = []
        DAVXMLWriter.appendEscaped(String(decoding: served, as: UTF8.self), attribute: false, to: &escaped)
        #expect(CalDAVFixture.text(fixture.send("REPORT", fixture.collection, multiget)).contains(String(decoding: escaped, as: UTF8.self)))
        // Hrefs spelled otherwise than the request's path: a whole URL, the list's UUID in capitals,
        // an escaped name; one of another list is as missing.
        let spellings = [
            "http://127.0.0.1:8080\(fixture.collection)\(Self.uid).ics",
            fixture.collection.replacingOccurrences(of: fixture.listID, with: fixture.listID.uppercased()) + Self.uid + ".ics",
            fixture.collection + Self.uid.replacingOccurrences(of: "5E", with: "%35E") + ".ics",
            "/dav/calendars/default/\(UUID().uuidString)/\(Self.uid).ics",
        ]
        let spelled = CalDAVFixture.text(
            fixture.send(
                "REPORT", fixture.collection,
                """
                <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>
                \(spellings.map { "<d:href>\($0)</d:href>" }.joined())</c:calendar-multiget>
                """))
        #expect(spelled.components(separatedBy: "<d:getetag>").count == 4)
        #expect(spelled.components(separatedBy: "HTTP/1.1 404 Not Found").count == 2)
        // A calendar-query's time-range reads the reminders whole: in range, and out of it.
        func query(_ start: String, _ end: String) -> String {
            CalDAVFixture.text(
                fixture.send(
                    "REPORT", fixture.collection,
                    """
                    <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>
                    <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"><c:time-range start="\(start)" end="\(end)"/>
                    </c:comp-filter></c:comp-filter></c:filter></c:calendar-query>
                    """))
        }
        #expect(query("19700101T000000Z", "21000101T000000Z").contains(Self.uid))
        #expect(!query("19800101T000000Z", "19800102T000000Z").contains(Self.uid))
    }

    /// Kept bytes outlive the build that rendered them: a change to what is rendered for the same
    /// reminder must count ``CalendarObject/edition`` up, and then this pin with it.
    @Test func theRenderingEditionIsPinnedToTheBytesItWrites() throws {
        let store = try ReminderStore.inMemory()
        let list = try store.defaultList()
        let reminder = Reminder(
            id: "0d9c6f3e-6c1a-4f59-9a38-1b2c3d4e5f60", listID: list.id, title: "Buy milk", notes: "oat", priority: 1,
            creationDate: Date(timeIntervalSince1970: 1_790_000_000), lastModifiedDate: Date(timeIntervalSince1970: 1_790_000_100),
            alarms: [
                Alarm(
                    id: "8a3e6b1c-2d4f-4a5b-9c6d-7e8f9a0b1c2d",
                    trigger: .location(
                        location: StructuredLocation(title: "Shop", latitude: 52.52, longitude: 13.405, radius: 150),
                        proximity: .enter))
            ])
        let object = CalendarObject(reminder, lists: [list])
        let digest = SHA256.hash(data: object.data).map { String(format: "%02x", $0) }.joined()
        #expect(CalendarObject.edition == 1)
        #expect(digest == "5a94d31be9b3861a2d80c492b319c30329ce3cdcd2b75c63dce8499150c4d4eb")
    }
}
