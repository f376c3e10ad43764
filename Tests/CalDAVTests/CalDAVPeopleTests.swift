import Foundation
import GeoReminders
import Testing

@testable import CalDAV

/// Each account is its own principal: it sees the lists it is a member of, does there what its
/// role allows, and finds another's list exactly as a missing one.
@Suite struct CalDAVPeopleTests {
    let fixture: CalDAVFixture
    /// Anna's own list, shared with Ben as `role` by the tests that need it.
    let annas: String
    let bens: String

    init() throws {
        fixture = try CalDAVFixture()
        try fixture.store.addAccount(name: "anna")
        try fixture.store.addAccount(name: "ben")
        annas = try fixture.store.defaultListID(of: "anna")
        bens = try fixture.store.defaultListID(of: "ben")
    }

    func collection(_ principal: String, _ list: String) -> String { "/dav/calendars/\(principal)/\(list)/" }

    static let propfindPrivileges = """
        <d:propfind xmlns:d="DAV:"><d:prop><d:displayname/><d:owner/><d:current-user-privilege-set/>
        <d:current-user-principal/></d:prop></d:propfind>
        """

    @Test func theHomeListsOnlyTheAccountsOwnListsAndItsPrincipalIsItsName() throws {
        let home = fixture.send("PROPFIND", "/dav/calendars/anna/", Self.propfindPrivileges, headers: ["Depth": "1"], as: "anna")
        #expect(home.status == 207)
        let text = CalDAVFixture.text(home)
        #expect(text.contains("<d:href>/dav/calendars/anna/\(annas)/</d:href>"))
        #expect(!text.contains(bens) && !text.contains(fixture.listID))
        #expect(text.contains("<d:current-user-principal><d:href>/dav/principals/anna/</d:href></d:current-user-principal>"))
        // Another account's principal and home are not there for Anna.
        #expect(fixture.send("PROPFIND", "/dav/principals/ben/", headers: ["Depth": "0"], as: "anna").status == 404)
        #expect(fixture.send("PROPFIND", "/dav/calendars/ben/", headers: ["Depth": "0"], as: "anna").status == 404)
    }

    @Test func anotherAccountsListAnswersExactlyAsAMissingOne() throws {
        let missing = "/dav/calendars/ben/" + UUID().uuidString + "/"
        let foreign = collection("ben", annas)
        for method in ["PROPFIND", "GET", "DELETE"] {
            let a = fixture.send(method, foreign, headers: ["Depth": "0"], as: "ben")
            let b = fixture.send(method, missing, headers: ["Depth": "0"], as: "ben")
            #expect(a.status == 404 && b.status == 404, "\(method)")
            let foreignText = CalDAVFixture.text(a).replacingOccurrences(of: annas, with: "LIST")
            let missingText = CalDAVFixture.text(b).replacingOccurrences(
                of: String(missing.dropFirst("/dav/calendars/ben/".count).dropLast()), with: "LIST")
            #expect(foreignText == missingText, "\(method)")
        }
        let put = fixture.send("PUT", foreign + "x.ics", CalDAVFixture.appleTodo(), as: "ben")
        #expect(put.status == 404)
        #expect(try fixture.store.reminders(sortedBy: .creationDate).isEmpty)
    }

    @Test func aViewerReadsAndCannotWriteAnEditorWritesAsItself() throws {
        let uid = "7F3A1C2B-4D5E-4F60-8A1B-2C3D4E5F6A7B"
        #expect(fixture.send("PUT", collection("anna", annas) + "\(uid).ics", CalDAVFixture.appleTodo(uid: uid), as: "anna").status == 201)
        try fixture.store.share(listID: annas, with: "ben", role: .viewer, by: "anna")

        let asViewer = fixture.send(
            "PROPFIND", collection("ben", annas), Self.propfindPrivileges, headers: ["Depth": "0"], as: "ben")
        let viewerText = CalDAVFixture.text(asViewer)
        #expect(asViewer.status == 207)
        #expect(viewerText.contains("<d:owner><d:href>/dav/principals/anna/</d:href></d:owner>"))
        #expect(viewerText.contains("<d:privilege><d:read/></d:privilege>") && !viewerText.contains("<d:write/>"))
        #expect(fixture.send("GET", collection("ben", annas) + "\(uid).ics", as: "ben").status == 200)
        let refused = fixture.send("PUT", collection("ben", annas) + "new.ics", CalDAVFixture.appleTodo(uid: "new"), as: "ben")
        #expect(refused.status == 403 && CalDAVFixture.text(refused).contains("need-privileges"))
        #expect(fixture.send("DELETE", collection("ben", annas) + "\(uid).ics", as: "ben").status == 403)
        #expect(try fixture.store.reminders(sortedBy: .creationDate).count == 1)

        try fixture.store.share(listID: annas, with: "ben", role: .editor, by: "anna")
        let asEditor = CalDAVFixture.text(
            fixture.send("PROPFIND", collection("ben", annas), Self.propfindPrivileges, headers: ["Depth": "0"], as: "ben"))
        #expect(asEditor.contains("<d:write/>"))
        #expect(fixture.send("PUT", collection("ben", annas) + "milk.ics", CalDAVFixture.appleTodo(uid: "milk"), as: "ben").status == 201)
        let milk = try #require(
            try fixture.store.reminders(sortedBy: .creationDate).first { $0.title == "Buy milk" && $0.creator == "ben" })
        #expect(milk.listID == annas)
        // An editor changes reminders, not the list: renaming and deleting it are the owner's.
        let rename = """
            <d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>Ours</d:displayname></d:prop></d:set></d:propertyupdate>
            """
        #expect(fixture.send("PROPPATCH", collection("ben", annas), rename, as: "ben").status == 403)
        #expect(fixture.send("DELETE", collection("ben", annas), as: "ben").status == 403)
        #expect(fixture.send("PROPPATCH", collection("anna", annas), rename, as: "anna").status == 207)
        #expect(try fixture.store.lists().first { $0.id == annas }?.title == "Ours")
    }

    /// Apple's calendar-order is where a person put a list among their own: a viewer may order a
    /// shared list, and that moves it for them only.
    @Test func eachPersonOrdersTheirOwnListsAViewerToo() throws {
        try fixture.store.share(listID: annas, with: "ben", role: .viewer, by: "anna")
        func order(_ value: Int) -> String {
            """
            <d:propertyupdate xmlns:d="DAV:" xmlns:i="http://apple.com/ns/ical/"><d:set><d:prop>
            <i:calendar-order>\(value)</i:calendar-order></d:prop></d:set></d:propertyupdate>
            """
        }
        #expect(fixture.send("PROPPATCH", collection("anna", annas), order(2), as: "anna").status == 207)
        let asViewer = fixture.send("PROPPATCH", collection("ben", annas), order(7), as: "ben")
        #expect(asViewer.status == 207 && CalDAVFixture.text(asViewer).contains("HTTP/1.1 200 OK"))
        #expect(try fixture.store.listPositions(of: "anna") == [annas: 2])
        #expect(try fixture.store.listPositions(of: "ben") == [annas: 7])
        let read = #"<d:propfind xmlns:d="DAV:" xmlns:i="http://apple.com/ns/ical/"><d:prop><i:calendar-order/></d:prop></d:propfind>"#
        let home = CalDAVFixture.text(fixture.send("PROPFIND", "/dav/calendars/ben/", read, headers: ["Depth": "1"], as: "ben"))
        #expect(home.contains("<ical:calendar-order>7</ical:calendar-order>") && !home.contains(">2</ical:calendar-order>"))
        // Ordering is no renaming: the viewer still may not change the list itself.
        let both = order(1).replacingOccurrences(of: "<i:calendar-order>", with: "<d:displayname>Ours</d:displayname><i:calendar-order>")
        #expect(fixture.send("PROPPATCH", collection("ben", annas), both, as: "ben").status == 403)
        #expect(try fixture.store.listPositions(of: "ben") == [annas: 7])
        let bad = fixture.send("PROPPATCH", collection("anna", annas), order(2).replacingOccurrences(of: ">2<", with: ">two<"), as: "anna")
        #expect(bad.status == 400)
    }

    @Test func aListMadeByAnAccountIsItsOwnAndTitlesAreUniquePerPerson() throws {
        let body = """
            <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>
            <d:displayname>Shopping</d:displayname></d:prop></d:set></c:mkcalendar>
            """
        let annasShop = UUID().uuidString
        let bensShop = UUID().uuidString
        #expect(fixture.send("MKCALENDAR", collection("anna", annasShop), body, as: "anna").status == 201)
        // Ben has his own "Shopping": the name is Anna's only among the lists Anna sees.
        #expect(fixture.send("MKCALENDAR", collection("ben", bensShop), body, as: "ben").status == 201)
        #expect(try fixture.store.members(ofList: annasShop.lowercased()) == [ListMember(account: "anna", role: .owner)])
        #expect(try fixture.store.members(ofList: bensShop.lowercased()) == [ListMember(account: "ben", role: .owner)])
        // Sharing would show Ben two lists of one name: refused until one is renamed.
        #expect(throws: PeopleError.titleTaken(account: "ben", listTitle: "Shopping")) {
            try fixture.store.share(listID: annasShop.lowercased(), with: "ben", role: .editor, by: "anna")
        }
        #expect(
            throws: StoreError.duplicateListTitle(title: "shopping", existingID: annasShop.lowercased())
        ) { try fixture.store.save(ReminderList(title: "shopping"), owner: "anna") }
        // An account's own list, where its reminders naming no list go, stays.
        #expect(fixture.send("DELETE", collection("ben", bens), as: "ben").status == 403)
    }

    /// A list is listed where its maker's client made it (caldav-server-tester's
    /// create-calendar.stable-url), and a name is the person's own: two people may both make
    /// `groceries/`, and get two lists.
    @Test func aListIsListedUnderTheNameItWasMadeUnderEachPersonTheirOwn() throws {
        func make(_ principal: String, _ segment: String, _ title: String) -> Int {
            let body = """
                <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>
                <d:displayname>\(title)</d:displayname></d:prop></d:set></c:mkcalendar>
                """
            return fixture.send("MKCALENDAR", collection(principal, segment), body, as: principal).status
        }
        #expect(make("anna", "groceries", "Anna's groceries") == 201)
        #expect(make("ben", "groceries", "Ben's groceries") == 201)
        #expect(make("anna", "groceries", "Again") == 405)
        let upper = UUID().uuidString
        #expect(make("anna", upper, "Work") == 201)
        let home = CalDAVFixture.text(
            fixture.send("PROPFIND", "/dav/calendars/anna/", Self.propfindPrivileges, headers: ["Depth": "1"], as: "anna"))
        #expect(home.contains("<d:href>/dav/calendars/anna/groceries/</d:href>") && home.contains("/anna/\(upper)/</d:href>"))
        let annasGroceries = try #require(try fixture.store.lists().first { $0.title == "Anna's groceries" }).id
        let bensGroceries = try #require(try fixture.store.lists().first { $0.title == "Ben's groceries" }).id
        #expect(annasGroceries != bensGroceries && !home.contains(annasGroceries) && !home.contains(upper.lowercased()))
        // Each finds their own list there, and a PUT lands in it.
        #expect(
            fixture.send("PUT", collection("ben", "groceries") + "milk.ics", CalDAVFixture.appleTodo(uid: "milk"), as: "ben").status == 201)
        #expect(try fixture.store.reminder(id: CalendarObject.reminderID(forUID: "milk"))?.listID == bensGroceries)
        let annas = CalDAVFixture.text(fixture.send("PROPFIND", collection("anna", "groceries"), headers: ["Depth": "1"], as: "anna"))
        #expect(annas.contains("Anna&apos;s groceries") || annas.contains("Anna's groceries"))
        #expect(!annas.contains("milk.ics"))
        // Shared with Ben, Anna's list is his under its identifier: the name is Anna's.
        try fixture.store.share(listID: annasGroceries, with: "ben", role: .editor, by: "anna")
        let bensHome = CalDAVFixture.text(fixture.send("PROPFIND", "/dav/calendars/ben/", headers: ["Depth": "1"], as: "ben"))
        #expect(bensHome.contains("/ben/groceries/</d:href>") && bensHome.contains("/ben/\(annasGroceries)/</d:href>"))
        // A list made under a name before names were kept answers at that name still.
        _ = try fixture.store.save(ReminderList(id: InterchangeIdentifier.nameBased("legacy"), title: "Legacy"), owner: "anna")
        #expect(fixture.send("PROPFIND", collection("anna", "legacy"), headers: ["Depth": "0"], as: "anna").status == 207)
    }
}
