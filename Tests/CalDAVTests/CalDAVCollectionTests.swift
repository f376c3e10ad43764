import Foundation
import GeoReminders
import Testing

@testable import CalDAV

@Suite struct CalDAVCollectionTests {
    @Test func mkcalendarMakesAListThatPROPPATCHRenamesAndDELETERemoves() throws {
        let fixture = try CalDAVFixture()
        let id = "1B9E6C2D-0A3F-4E5B-8C7D-9E0F1A2B3C4D"
        let body = """
            <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:I="http://apple.com/ns/ical/">
            <D:set><D:prop><D:displayname>Errands</D:displayname><I:calendar-color>#FF9500FF</I:calendar-color>
            <I:calendar-order>3</I:calendar-order>
            <C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop></D:set>
            </C:mkcalendar>
            """
        #expect(fixture.send("MKCALENDAR", "/dav/calendars/default/\(id)/", body).status == 201)
        var list = try #require(try fixture.store.lists().first { $0.id == id.lowercased() })
        #expect(list.title == "Errands" && list.colour == "#FF9500")
        #expect(try fixture.store.listPositions(of: "default") == [id.lowercased(): 3])
        let order = #"<d:propfind xmlns:d="DAV:" xmlns:i="http://apple.com/ns/ical/"><d:prop><i:calendar-order/></d:prop></d:propfind>"#
        #expect(
            CalDAVFixture.text(fixture.send("PROPFIND", "/dav/calendars/default/\(id)/", order, headers: ["Depth": "0"]))
                .contains("<ical:calendar-order>3</ical:calendar-order>"))
        #expect(fixture.send("MKCALENDAR", "/dav/calendars/default/\(id)/", body).status == 405)

        let patch = """
            <d:propertyupdate xmlns:d="DAV:" xmlns:i="http://apple.com/ns/ical/"><d:set><d:prop>
            <d:displayname>Shopping</d:displayname><i:calendar-color>#34C759FF</i:calendar-color></d:prop></d:set></d:propertyupdate>
            """
        let patched = fixture.send("PROPPATCH", "/dav/calendars/default/\(id)/", patch)
        #expect(patched.status == 207 && CalDAVFixture.text(patched).contains("HTTP/1.1 200 OK"))
        list = try #require(try fixture.store.lists().first { $0.id == id.lowercased() })
        #expect(list.title == "Shopping" && list.colour == "#34C759")

        #expect(fixture.send("DELETE", "/dav/calendars/default/\(id)/").status == 204)
        #expect(try fixture.store.lists().first { $0.id == id.lowercased() } == nil)
        // The default list stays.
        #expect(fixture.send("DELETE", fixture.collection).status == 403)
    }

    @Test func extendedMKCOLMakesAListOnlyForACalendarResourceType() throws {
        let fixture = try CalDAVFixture()
        let body = """
            <d:mkcol xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>
            <d:resourcetype><d:collection/><c:calendar/></d:resourcetype><d:displayname>Work</d:displayname>
            </d:prop></d:set></d:mkcol>
            """
        #expect(fixture.send("MKCOL", "/dav/calendars/default/work/", body).status == 201)
        #expect(try fixture.store.lists().contains { $0.title == "Work" })
        let plain = body.replacingOccurrences(of: "<c:calendar/>", with: "")
        #expect(fixture.send("MKCOL", "/dav/calendars/default/plain/", plain).status == 403)
        // A list made under a chosen name is found by that name.
        #expect(fixture.send("PROPFIND", "/dav/calendars/default/work/", headers: ["Depth": "0"]).status == 207)
    }
}
