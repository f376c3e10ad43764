import Foundation
import GeoReminders
import Testing

@testable import CalDAV

@Suite struct CalDAVResourceNameTests {
    @Test func aResourceNamedOtherThanItsUIDIsFoundAndListedUnderThatName() throws {
        let fixture = try CalDAVFixture()
        let href = fixture.collection + "20261001-chosen.ics"
        #expect(fixture.send("PUT", href, CalDAVFixture.appleTodo(uid: "some-uid")).status == 201)
        let get = fixture.send("GET", href)
        #expect(get.status == 200 && CalDAVFixture.text(get).contains("UID:some-uid\r\n"))
        #expect(!CalDAVFixture.text(get).contains("X-GEOREMIND-CALDAV-NAME"))
        #expect(fixture.send("GET", fixture.collection + "some-uid.ics").status == 404)
        let listing = CalDAVFixture.text(fixture.send("PROPFIND", fixture.collection, headers: ["Depth": "1"]))
        #expect(listing.contains("<d:href>\(href)</d:href>"))
        #expect(fixture.send("DELETE", href).status == 204)
    }
}
