import Foundation
import GeoReminders
import Testing

@testable import CalDAV

@Suite struct CalDAVDiscoveryTests {
    @Test func optionsAdvertisesTheComplianceClasses() throws {
        let response = try CalDAVFixture().send("OPTIONS", "/dav/")
        #expect(response.status == 200)
        #expect(response.header("DAV") == "1, 3, calendar-access, extended-mkcol")
    }

    @Test func everyRequestedPrincipalPropertyIsAnsweredTheUnknownOnesIn404() throws {
        let body = """
            <?xml version="1.0" encoding="UTF-8"?>
            <A:propfind xmlns:A="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <A:prop><A:current-user-principal/><A:principal-URL/><C:calendar-home-set/><A:displayname/>
              <C:calendar-user-address-set/><B:email-address-set xmlns:B="http://calendarserver.org/ns/"/></A:prop>
            </A:propfind>
            """
        let response = try CalDAVFixture().send("PROPFIND", "/dav/principals/default/", body, headers: ["Depth": "0"])
        #expect(response.status == 207)
        #expect(
            CalDAVFixture.text(response) == """
                <?xml version="1.0" encoding="utf-8"?>
                <d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" \
                xmlns:ical="http://apple.com/ns/ical/"><d:response><d:href>/dav/principals/default/</d:href><d:propstat><d:prop>\
                <d:current-user-principal><d:href>/dav/principals/default/</d:href></d:current-user-principal><d:principal-URL>\
                <d:href>/dav/principals/default/</d:href></d:principal-URL><cal:calendar-home-set><d:href>/dav/calendars/default/\
                </d:href></cal:calendar-home-set><d:displayname>default</d:displayname><cal:calendar-user-address-set/>\
                </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat><d:propstat><d:prop><cs:email-address-set/></d:prop>\
                <d:status>HTTP/1.1 404 Not Found</d:status></d:propstat></d:response></d:multistatus>

                """)
        let minimal = try CalDAVFixture().send(
            "PROPFIND", "/dav/principals/default/", body, headers: ["Depth": "0", "Prefer": "return=minimal"])
        #expect(!CalDAVFixture.text(minimal).contains("404"))
    }

    @Test func theHomeListsEachListAsAVTODOCollection() throws {
        let fixture = try CalDAVFixture()
        let body = """
            <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">
            <d:prop><d:resourcetype/><d:displayname/><c:supported-calendar-component-set/><cs:getctag/><d:sync-token/>
            <d:supported-report-set/><d:current-user-privilege-set/></d:prop></d:propfind>
            """
        let response = fixture.send("PROPFIND", "/dav/calendars/default/", body, headers: ["Depth": "1"])
        let text = CalDAVFixture.text(response)
        #expect(response.status == 207)
        #expect(text.contains("<d:href>\(fixture.collection)</d:href>"))
        #expect(text.contains("<d:resourcetype><d:collection/><cal:calendar/></d:resourcetype><d:displayname>Reminders</d:displayname>"))
        #expect(text.contains("<cal:supported-calendar-component-set><cal:comp name=\"VTODO\"/></cal:supported-calendar-component-set>"))
        #expect(text.contains("<d:report><d:sync-collection/></d:report>"))
        #expect(text.contains("<d:privilege><d:write/></d:privilege>"))
        let readOnly = fixture.send("PROPFIND", "/dav/calendars/default/", body, headers: ["Depth": "1"], privileges: .read)
        #expect(!CalDAVFixture.text(readOnly).contains("<d:write/>"))
    }

    @Test func unknownPrincipalsAndPathsAre404() throws {
        let fixture = try CalDAVFixture()
        #expect(fixture.send("PROPFIND", "/dav/principals/someone/", headers: ["Depth": "0"]).status == 404)
        #expect(fixture.send("PROPFIND", "/dav/calendars/default/nope/", headers: ["Depth": "0"]).status == 404)
        #expect(fixture.send("PROPFIND", "/dav/calendars/default/", headers: ["Depth": "infinity"]).status == 403)
    }
}
