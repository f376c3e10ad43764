import Foundation
import GeoReminders
import Testing

@testable import CalDAV

/// A client reads back the bytes it stored (``ClientCopy``) until the reminder changes anywhere
/// else, and then georemind's rendering, under a new ETag the next sync reports.
@Suite struct CalDAVClientCopyTests {
    static let uid = "0B7D3E51-92C4-4A6E-8F1B-5C2D9E8A7F60"
    static let sync =
        #"<d:sync-collection xmlns:d="DAV:"><d:sync-token>TOKEN</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>"#

    static func token(_ text: String) throws -> String {
        try #require(text.components(separatedBy: "<d:sync-token>").last?.components(separatedBy: "<").first)
    }

    @Test func aChangeMadeElsewhereServesTheRenderingAndMovesTheSync() throws {
        let fixture = try CalDAVFixture()
        let href = fixture.collection + Self.uid + ".ics"
        let sent = CalDAVFixture.appleTodo(uid: Self.uid)
        let put = fixture.send("PUT", href, sent)
        #expect(put.status == 201 && put.header("ETag") == ETag.strong(Array(sent.utf8)))
        let first = CalDAVFixture.text(fixture.send("REPORT", fixture.collection, Self.sync.replacingOccurrences(of: "TOKEN", with: "")))
        #expect(first.contains("<d:getetag>\(put.header("ETag")!)</d:getetag>"))

        // The command line completes it: the client's bytes no longer say what the reminder is.
        _ = try fixture.store.complete(id: CalendarObject.reminderID(forUID: Self.uid))
        let get = fixture.send("GET", href)
        let reminder = try #require(try fixture.store.reminder(id: CalendarObject.reminderID(forUID: Self.uid)))
        let rendered = CalendarObject(reminder, lists: try fixture.store.lists())
        #expect(get.body == rendered.data && get.header("ETag") == rendered.etag)
        #expect(CalDAVFixture.text(get).contains("STATUS:COMPLETED"))
        let next = CalDAVFixture.text(
            fixture.send("REPORT", fixture.collection, Self.sync.replacingOccurrences(of: "TOKEN", with: try Self.token(first))))
        #expect(next.contains("<d:href>\(href)</d:href>"))
        // The stale ETag no longer matches; the rendering's does.
        #expect(fixture.send("PUT", href, sent, headers: ["If-Match": put.header("ETag")!]).status == 412)
        #expect(fixture.send("DELETE", href, headers: ["If-Match": rendered.etag]).status == 204)
        #expect(try fixture.store.clientCopies(reminderIDs: [reminder.id]).isEmpty)
    }

    @Test func theNewestBytesAreServedAlsoWhenTheyChangeNothing() throws {
        let fixture = try CalDAVFixture()
        let href = fixture.collection + Self.uid + ".ics"
        let sent = CalDAVFixture.appleTodo(uid: Self.uid)
        #expect(fixture.send("PUT", href, sent).status == 201)
        let before = try #require(try fixture.store.reminder(id: CalendarObject.reminderID(forUID: Self.uid)))
        // The same VTODO with two lines swapped and another DTSTAMP: nothing georemind models changed.
        let reordered = sent.replacingOccurrences(
            of: "CREATED:20260928T081204Z\r\nDTSTAMP:20261001T120000Z\r\n", with: "DTSTAMP:20261002T090000Z\r\nCREATED:20260928T081204Z\r\n"
        )
        #expect(reordered != sent)
        let put = fixture.send("PUT", href, reordered, headers: ["If-Match": ETag.strong(Array(sent.utf8))])
        #expect(put.status == 204 && put.header("ETag") == ETag.strong(Array(reordered.utf8)))
        #expect(fixture.send("GET", href).body == Array(reordered.utf8))
        #expect(fixture.restarted().send("GET", href).body == Array(reordered.utf8))
        #expect(try fixture.store.reminder(id: before.id)?.title == before.title)
    }

    @Test func bytesTheImportAddedToAreNotServed() throws {
        let fixture = try CalDAVFixture()
        let href = fixture.collection + Self.uid + ".ics"
        #expect(fixture.send("PUT", href, CalDAVFixture.appleTodo(uid: Self.uid)).status == 201)
        // DAVx5 + OpenTasks drops Apple's VALARM: the alarm is kept, so the resource must show it
        // to every other client, and is georemind's rendering.
        let openTasks = CalDAVFixture.appleTodo(uid: Self.uid, title: "Buy milk today", alarm: false)
            .replacingOccurrences(of: "-//Apple Inc.//iOS 26.0//EN", with: "+//IDN bitfire.at//ical4android (org.dmfs.tasks)")
        let put = fixture.send("PUT", href, openTasks)
        #expect(put.status == 204 && put.header("ETag") == nil)
        let get = CalDAVFixture.text(fixture.send("GET", href)).replacingOccurrences(of: "\r\n ", with: "")
        #expect(get.contains("SUMMARY:Buy milk today") && get.contains("X-APPLE-STRUCTURED-LOCATION"))
        #expect(try fixture.store.clientCopies(reminderIDs: [CalendarObject.reminderID(forUID: Self.uid)]).isEmpty)
    }

    /// GNOME Errands writes through the python `caldav` library, which names properties after its
    /// keyword arguments, underscores and all (caldav 3.6's `create_ical`); Radicale stores them.
    @Test func gnomeErrandsUnderscoredPropertiesAreStoredAndReadBack() throws {
        let fixture = try CalDAVFixture()
        let href = fixture.collection + "errands-1.ics"
        let sent = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//python-caldav//caldav//en_DK\r
            BEGIN:VTODO\r
            CATEGORIES:home\\,shop\r
            DESCRIPTION:Semi-skimmed\r
            DTSTAMP:20261129T225131Z\r
            DUE:20261201T180000Z\r
            PERCENT_COMPLETE:0\r
            PRIORITY:1\r
            RELATED_TO:\r
            STATUS:NEEDS-ACTION\r
            SUMMARY:Buy milk\r
            UID:errands-1\r
            X_ERRANDS_COLOR:blue\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        let put = fixture.send("PUT", href, sent, headers: ["If-None-Match": "*"])
        #expect(put.status == 201 && put.header("ETag") == ETag.strong(Array(sent.utf8)))
        let reminder = try #require(try fixture.store.reminder(id: CalendarObject.reminderID(forUID: "errands-1")))
        #expect(reminder.title == "Buy milk" && reminder.priority == 1 && reminder.notes == "Semi-skimmed")
        #expect(fixture.send("GET", href).body == Array(sent.utf8))
        // Rendered by georemind after a change, the unmodelled properties come back as they were.
        _ = try fixture.store.complete(id: reminder.id)
        let rendered = CalDAVFixture.text(fixture.send("GET", href))
        #expect(rendered.contains("X_ERRANDS_COLOR:blue\r\n") && rendered.contains("PERCENT_COMPLETE:0\r\n"))
    }
}
