import Foundation
import GeoReminders
import Testing

@testable import CalDAV

@Suite struct CalDAVRoundTripTests {
    @Test func aPUTOfTheServersOwnBytesIsAnsweredWithTheirETag() throws {
        let fixture = try CalDAVFixture()
        let href = fixture.collection + "a.ics"
        // A GEO the import turns into an alarm: the resource is georemind's rendering.
        #expect(fixture.send("PUT", href, CalDAVFixture.tasksOrgTodo(uid: "a")).header("ETag") == nil)
        let get = fixture.send("GET", href)
        #expect(CalDAVFixture.text(get).contains("X-APPLE-STRUCTURED-LOCATION"))
        let put = fixture.send("PUT", href, CalDAVFixture.text(get), headers: ["If-Match": get.header("ETag")!])
        #expect(put.status == 204)
        #expect(put.header("ETag") == get.header("ETag"))
    }

    @Test func propfindOnAResourceAndAllpropAndPropname() throws {
        let fixture = try CalDAVFixture()
        let href = fixture.collection + "a%40b.ics"
        #expect(fixture.send("PUT", href, CalDAVFixture.appleTodo(uid: "a@b")).status == 201)
        let etag = try #require(fixture.send("GET", href).header("ETag"))
        let all = CalDAVFixture.text(fixture.send("PROPFIND", href, headers: ["Depth": "0"]))
        #expect(all.contains("<d:href>\(href)</d:href>"))
        #expect(all.contains("<d:resourcetype/><d:getetag>\(etag)</d:getetag>"))
        #expect(all.contains("<d:getcontenttype>text/calendar; charset=utf-8; component=vtodo</d:getcontenttype>"))
        let names = CalDAVFixture.text(
            fixture.send("PROPFIND", href, #"<d:propfind xmlns:d="DAV:"><d:propname/></d:propfind>"#, headers: ["Depth": "0"]))
        #expect(
            names.contains("<d:prop><d:resourcetype/><d:getetag/><d:getcontenttype/><d:getcontentlength/><d:getlastmodified/></d:prop>"))
        // Members of a collection are listed percent-encoded.
        let listing = CalDAVFixture.text(fixture.send("PROPFIND", fixture.collection, headers: ["Depth": "1"]))
        #expect(listing.contains("<d:href>\(fixture.collection)a%40b.ics</d:href>"))
        let head = fixture.send("HEAD", href)
        #expect(head.status == 200 && head.header("ETag") == etag)
        #expect(fixture.send("PROPFIND", href, "<not xml", headers: ["Depth": "0"]).status == 400)
    }
}
