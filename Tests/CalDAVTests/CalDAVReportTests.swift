import Foundation
import GeoReminders
import Testing

@testable import CalDAV

@Suite struct CalDAVReportTests {
    static let prefix = #"<?xml version="1.0"?>"#

    @Test func calendarQueryFiltersOnCompletionAndMultigetFetches() throws {
        let fixture = try CalDAVFixture()
        #expect(fixture.send("PUT", fixture.collection + "open.ics", CalDAVFixture.appleTodo(uid: "open")).status == 201)
        let done = CalDAVFixture.appleTodo(uid: "done").replacingOccurrences(
            of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED\r\nCOMPLETED:20261002T100000Z")
        #expect(fixture.send("PUT", fixture.collection + "done.ics", done).status == 201)
        // Tasks.org's and DAVx5's query: open tasks only.
        let query = """
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>
            <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">
            <c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter>
            <c:prop-filter name="STATUS"><c:text-match negate-condition="yes">COMPLETED</c:text-match></c:prop-filter>
            </c:comp-filter></c:comp-filter></c:filter></c:calendar-query>
            """
        let open = CalDAVFixture.text(fixture.send("REPORT", fixture.collection, query, headers: ["Depth": "1"]))
        #expect(open.contains("\(fixture.collection)open.ics") && !open.contains("done.ics"))
        let all = """
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>
            <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>
            """
        let both = CalDAVFixture.text(fixture.send("REPORT", fixture.collection, all, headers: ["Depth": "1"]))
        #expect(both.contains("open.ics") && both.contains("done.ics"))
        let events = all.replacingOccurrences(of: "VTODO", with: "VEVENT")
        #expect(!CalDAVFixture.text(fixture.send("REPORT", fixture.collection, events)).contains(".ics"))
        // A time-range: the completed one was created 2026-09-28, completed 2026-10-02.
        let range = all.replacingOccurrences(
            of: #"<c:comp-filter name="VTODO"/>"#,
            with: #"<c:comp-filter name="VTODO"><c:time-range start="20261001T000000Z" end="20261003T000000Z"/></c:comp-filter>"#)
        let ranged = CalDAVFixture.text(fixture.send("REPORT", fixture.collection, range))
        #expect(ranged.contains("done.ics"))

        let multiget = """
            <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>
            <d:href>\(fixture.collection)open.ics</d:href><d:href>\(fixture.collection)missing.ics</d:href></c:calendar-multiget>
            """
        let fetched = CalDAVFixture.text(fixture.send("REPORT", fixture.collection, multiget))
        #expect(fetched.contains("UID:open&#13;"))
        #expect(fetched.contains("<d:href>\(fixture.collection)missing.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status>"))
    }

    /// RFC 4791 §9.9: a time-range matches a repeating task when any instance overlaps it. A
    /// yearly task from 1992 has instances in 1998-2015; a weekly one with COUNT=3 ends in time.
    @Test func aTimeRangeMatchesALaterInstanceOfARepeatingTask() throws {
        let fixture = try CalDAVFixture()
        let yearly = "DTSTART:19920415T133000Z\r\nDUE:19920516T045959Z\r\nRRULE:FREQ=YEARLY\r\n"
        #expect(
            fixture.send("PUT", fixture.collection + "yearly.ics", CalDAVFixture.tasksOrgTodo(uid: "yearly", extra: yearly)).status == 201)
        let weekly = "DUE:20221017T070500Z\r\nRRULE:FREQ=WEEKLY;COUNT=3\r\n"
        #expect(
            fixture.send("PUT", fixture.collection + "weekly.ics", CalDAVFixture.tasksOrgTodo(uid: "weekly", extra: weekly)).status == 201)
        func query(_ start: String, _ end: String) -> String {
            let body = """
                <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>
                <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"><c:time-range start="\(start)" end="\(end)"/>
                </c:comp-filter></c:comp-filter></c:filter></c:calendar-query>
                """
            return CalDAVFixture.text(fixture.send("REPORT", fixture.collection, body, headers: ["Depth": "1"]))
        }
        let nineties = query("19970414T000000Z", "20150514T000000Z")
        #expect(nineties.contains("yearly.ics") && !nineties.contains("weekly.ics"))
        // Between two yearly instances (a task's span is DTSTART to DUE): none.
        #expect(!query("20000601T000000Z", "20010401T000000Z").contains("yearly.ics"))
        #expect(query("20010420T000000Z", "20010421T000000Z").contains("yearly.ics"))
        // The weekly task's third and last instance is due 2022-10-31; the fourth would be 11-07.
        #expect(query("20221031T000000Z", "20221101T000000Z").contains("weekly.ics"))
        #expect(!query("20221106T000000Z", "20221108T000000Z").contains("weekly.ics"))
    }

    static func syncBody(_ token: String) -> String {
        """
        <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token><d:sync-level>1</d:sync-level>
        <d:prop><d:getetag/></d:prop></d:sync-collection>
        """
    }

    static func token(_ text: String) -> String {
        let start = text.range(of: "<d:sync-token>")!.upperBound
        return String(text[start..<text.range(of: "</d:sync-token>")!.lowerBound])
    }

    @Test func syncCollectionReportsChangesMadeAnywhereAndTombstones() throws {
        let fixture = try CalDAVFixture()
        #expect(fixture.send("PUT", fixture.collection + "a.ics", CalDAVFixture.appleTodo(uid: "a")).status == 201)
        #expect(fixture.send("PUT", fixture.collection + "b.ics", CalDAVFixture.appleTodo(uid: "b")).status == 201)
        let first = CalDAVFixture.text(fixture.send("REPORT", fixture.collection, Self.syncBody("")))
        #expect(first.contains("a.ics") && first.contains("b.ics"))
        let token = Self.token(first)
        let quiet = CalDAVFixture.text(fixture.send("REPORT", fixture.collection, Self.syncBody(token)))
        #expect(!quiet.contains(".ics") && Self.token(quiet) == token)

        // Completed from the command line, b deleted by another client.
        _ = try fixture.store.complete(id: CalendarObject.reminderID(forUID: "a"))
        #expect(fixture.send("DELETE", fixture.collection + "b.ics").status == 204)
        let changes = CalDAVFixture.text(fixture.send("REPORT", fixture.collection, Self.syncBody(token)))
        #expect(changes.contains("<d:href>\(fixture.collection)a.ics</d:href><d:propstat>"))
        #expect(changes.contains("<d:href>\(fixture.collection)b.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status>"))
        #expect(Self.token(changes) != token)

        let invalid = fixture.send("REPORT", fixture.collection, Self.syncBody("https://georemind.org/ns/sync/nope"))
        #expect(invalid.status == 403)
        #expect(CalDAVFixture.text(invalid).contains("<d:valid-sync-token/>"))
    }

    @Test func aTokenHandedOutBeforeARestartStillSyncsTheDelta() throws {
        let fixture = try CalDAVFixture()
        for uid in ["a", "b", "c"] {
            #expect(fixture.send("PUT", fixture.collection + "\(uid).ics", CalDAVFixture.appleTodo(uid: uid)).status == 201)
        }
        let token = Self.token(CalDAVFixture.text(fixture.send("REPORT", fixture.collection, Self.syncBody(""))))

        let restarted = fixture.restarted()
        _ = try fixture.store.complete(id: CalendarObject.reminderID(forUID: "a"))
        #expect(restarted.send("DELETE", restarted.collection + "b.ics").status == 204)
        let changes = restarted.send("REPORT", restarted.collection, Self.syncBody(token))
        #expect(changes.status == 207)
        let text = CalDAVFixture.text(changes)
        #expect(text.contains("<d:href>\(fixture.collection)a.ics</d:href><d:propstat>"))
        #expect(text.contains("<d:href>\(fixture.collection)b.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status>"))
        #expect(!text.contains("c.ics"), "c did not change: a delta, not a full sync")

        // The new token, handed out after the restart, outlives the next one too.
        let next = Self.token(text)
        let quiet = CalDAVFixture.text(fixture.restarted().send("REPORT", fixture.collection, Self.syncBody(next)))
        #expect(!quiet.contains(".ics") && Self.token(quiet) == next)
    }

    @Test func aPropfindSyncTokenIsRecordedAndTheHomeTokenToo() throws {
        let fixture = try CalDAVFixture()
        #expect(fixture.send("PUT", fixture.collection + "a.ics", CalDAVFixture.appleTodo(uid: "a")).status == 201)
        let propfind = #"<d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>"#
        let home = "/dav/calendars/default/"
        let listing = CalDAVFixture.text(fixture.send("PROPFIND", home, propfind, headers: ["Depth": "1"]))
        let homeToken = Self.token(listing)
        let listToken = Self.token(String(listing[listing.range(of: fixture.collection)!.upperBound...]))

        let restarted = fixture.restarted()
        #expect(restarted.send("PUT", restarted.collection + "b.ics", CalDAVFixture.appleTodo(uid: "b")).status == 201)
        let list = CalDAVFixture.text(restarted.send("REPORT", restarted.collection, Self.syncBody(listToken)))
        #expect(list.contains("\(fixture.collection)b.ics") && !list.contains("a.ics"))
        let homeChanges = CalDAVFixture.text(restarted.send("REPORT", home, Self.syncBody(homeToken)))
        #expect(homeChanges.contains("<d:href>\(fixture.collection)</d:href>"))
    }

    @Test func aTokenOfAnotherListIsRefusedAsUnknown() throws {
        let fixture = try CalDAVFixture()
        let other = "/dav/calendars/default/errands/"
        #expect(fixture.send("MKCALENDAR", other).status == 201)
        #expect(fixture.send("PUT", other + "x.ics", CalDAVFixture.appleTodo(uid: "x")).status == 201)
        let foreign = Self.token(CalDAVFixture.text(fixture.send("REPORT", other, Self.syncBody(""))))
        for service in [fixture, fixture.restarted()] {
            let refused = service.send("REPORT", fixture.collection, Self.syncBody(foreign))
            #expect(refused.status == 403)
            #expect(CalDAVFixture.text(refused).contains("<d:valid-sync-token/>"))
        }
    }
}
