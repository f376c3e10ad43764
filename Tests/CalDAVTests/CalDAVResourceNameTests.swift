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

    /// A subtask's RELATED-TO names its parent's UID as the client wrote it (free text, iOS's
    /// uppercase UUIDs), not the identifier georemind keeps it under; the python caldav library
    /// checks that a parent and child name each other.
    @Test func aSubtaskNamesItsParentsUIDAsWritten() throws {
        let fixture = try CalDAVFixture()
        for (child, parent) in [("ch1", "par1"), ("child-2", "0B7D3E51-92C4-4A6E-8F1B-5C2D9E8A7F60")] {
            #expect(fixture.send("PUT", fixture.collection + parent + ".ics", CalDAVFixture.tasksOrgTodo(uid: parent)).status == 201)
            let link = "RELATED-TO;RELTYPE=PARENT:\(parent)\r\n"
            let body = CalDAVFixture.tasksOrgTodo(uid: child, extra: link)
            #expect(fixture.send("PUT", fixture.collection + child + ".ics", body).status == 201)
            let got = CalDAVFixture.text(fixture.send("GET", fixture.collection + child + ".ics"))
            #expect(got.contains(link) && !got.contains("X-GEOREMIND-PARENT-UID"), "\(got)")
            let stored = try #require(try fixture.store.reminder(id: CalendarObject.reminderID(forUID: child)))
            #expect(stored.parentID == CalendarObject.reminderID(forUID: parent))
        }
        // Moved to another parent on the command line: the link follows the model.
        let id = CalendarObject.reminderID(forUID: "ch1")
        var moved = try #require(try fixture.store.reminder(id: id))
        moved.parentID = CalendarObject.reminderID(forUID: "child-2")
        try fixture.store.save(moved)
        let got = CalDAVFixture.text(fixture.send("GET", fixture.collection + "ch1.ics"))
        #expect(got.contains("RELATED-TO;RELTYPE=PARENT:\(moved.parentID!)\r\n") && !got.contains("par1"), "\(got)")
    }
}
