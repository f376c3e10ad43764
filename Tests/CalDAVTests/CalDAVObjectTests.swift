import Foundation
import GeoReminders
import Testing

@testable import CalDAV

@Suite struct CalDAVObjectTests {
    @Test func anAppleLocationReminderIsArmedAndComesBackUnderItsOwnUIDAndName() throws {
        let fixture = try CalDAVFixture()
        let uid = "5E1C2A9B-3F4D-4E5F-8A9B-0C1D2E3F4A5B"
        let href = fixture.collection + uid + ".ics"
        let put = fixture.send("PUT", href, CalDAVFixture.appleTodo(), headers: ["If-None-Match": "*"])
        #expect(put.status == 201)
        // The client's bytes are the resource: the answer carries their ETag (RFC 4791 §5.3.4).
        #expect(put.header("ETag") == ETag.strong(Array(CalDAVFixture.appleTodo().utf8)))
        let reminder = try #require(try fixture.store.reminder(id: uid.lowercased()))
        guard case let .location(location, proximity) = reminder.alarms.first?.trigger else {
            Issue.record("no location alarm: \(reminder.alarms)")
            return
        }
        #expect(proximity == .enter)
        #expect(location.latitude == 52.520008 && location.longitude == 13.404954 && location.radius == 100)
        #expect(location.title == "Home")

        let get = fixture.send("GET", href)
        #expect(get.status == 200)
        #expect(CalDAVFixture.text(get) == CalDAVFixture.appleTodo())
        let etag = try #require(get.header("ETag"))
        #expect(etag == put.header("ETag"))
        // Rendered by georemind (as after any change made elsewhere), it keeps the client's UID.
        let stored = try #require(try fixture.store.reminder(id: uid.lowercased()))
        // Unfolded (RFC 5545 §3.1): the long location line is folded at 75 octets.
        let text = String(decoding: CalendarObject(stored, lists: try fixture.store.lists()).data, as: UTF8.self)
            .replacingOccurrences(of: "\r\n ", with: "")
        #expect(text.contains("UID:\(uid)\r\n"))
        #expect(text.contains("X-APPLE-SORT-ORDER:731234567\r\n"))
        #expect(text.contains("X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=100;X-TITLE=Home:geo:52.520008,13.404954"))
        #expect(!text.contains("X-GEOREMIND-UID"))
        #expect(fixture.send("GET", href).header("ETag") == etag)

        // Preconditions: a second create and a stale If-Match are 412, never 403.
        #expect(fixture.send("PUT", href, CalDAVFixture.appleTodo(), headers: ["If-None-Match": "*"]).status == 412)
        #expect(fixture.send("PUT", href, CalDAVFixture.appleTodo(title: "x"), headers: ["If-Match": "\"stale\""]).status == 412)
        #expect(fixture.send("PUT", href, CalDAVFixture.appleTodo(title: "Buy oat milk"), headers: ["If-Match": etag]).status == 204)
        let changed = try #require(fixture.send("GET", href).header("ETag"))
        #expect(changed != etag)
        // An unchanged PUT leaves the bytes, so the ETag, as they were.
        #expect(fixture.send("PUT", href, CalDAVFixture.appleTodo(title: "Buy oat milk")).status == 204)
        #expect(fixture.send("GET", href).header("ETag") == changed)

        #expect(fixture.send("DELETE", href, headers: ["If-Match": "\"stale\""]).status == 412)
        #expect(fixture.send("DELETE", href).status == 204)
        #expect(fixture.send("GET", href).status == 404)
        #expect(try fixture.store.reminder(id: uid.lowercased()) == nil)
    }

    @Test func aTasksOrgGEOBecomesAnArrivingAlarmThatFollowsIt() throws {
        let fixture = try CalDAVFixture()
        let href = fixture.collection + "tasks-1.ics"
        #expect(fixture.send("PUT", href, CalDAVFixture.tasksOrgTodo(uid: "tasks-1")).status == 201)
        var reminder = try #require(try fixture.store.reminder(id: CalendarObject.reminderID(forUID: "tasks-1")))
        guard case let .location(place, proximity)? = reminder.alarms.first?.trigger else {
            Issue.record("no location alarm")
            return
        }
        #expect(proximity == .enter && place.latitude == 47.376887 && place.longitude == 8.541694)
        #expect(place.radius == Double(IncomingObject.geoRadius))
        let text = CalDAVFixture.text(fixture.send("GET", href))
        #expect(text.contains("UID:tasks-1\r\n") && text.contains("GEO:47.376887;8.541694\r\n"))

        // The phone moves the place (its copy keeps our VALARM): the alarm follows GEO, with jtx's radius.
        let moved = CalDAVFixture.tasksOrgTodo(uid: "tasks-1", geo: "46.0;7.5", extra: "X-GEOFENCE-RADIUS:80\r\n")
        #expect(fixture.send("PUT", href, moved).status == 204)
        reminder = try #require(try fixture.store.reminder(id: CalendarObject.reminderID(forUID: "tasks-1")))
        #expect(reminder.alarms.count == 1)
        guard case let .location(movedPlace, _)? = reminder.alarms.first?.trigger else { return }
        #expect(movedPlace.latitude == 46 && movedPlace.longitude == 7.5 && movedPlace.radius == 80)
    }

    @Test func aClientThatDropsTheLocationAlarmDoesNotDisarmItButAppleMayRemoveIt() throws {
        let fixture = try CalDAVFixture()
        let uid = "0B7D3E51-92C4-4A6E-8F1B-5C2D9E8A7F60"
        let href = fixture.collection + uid + ".ics"
        #expect(fixture.send("PUT", href, CalDAVFixture.appleTodo(uid: uid)).status == 201)
        // DAVx5 + OpenTasks edits the title and drops Apple's VALARM.
        let openTasks = CalDAVFixture.appleTodo(uid: uid, title: "Buy milk today", alarm: false)
            .replacingOccurrences(of: "-//Apple Inc.//iOS 26.0//EN", with: "+//IDN bitfire.at//ical4android (org.dmfs.tasks)")
        #expect(fixture.send("PUT", href, openTasks).status == 204)
        var reminder = try #require(try fixture.store.reminder(id: uid.lowercased()))
        #expect(reminder.title == "Buy milk today")
        #expect(reminder.alarms.count == 1 && Self.isLocation(reminder.alarms[0]))
        // iOS removing the location sends the VTODO without it: that is honoured.
        #expect(fixture.send("PUT", href, CalDAVFixture.appleTodo(uid: uid, title: "Buy milk today", alarm: false)).status == 204)
        reminder = try #require(try fixture.store.reminder(id: uid.lowercased()))
        #expect(reminder.alarms.isEmpty)
    }

    @Test func writesAreRefusedWithAReadOnlyTokenAndEventsAreRefused() throws {
        let fixture = try CalDAVFixture()
        let href = fixture.collection + "a.ics"
        #expect(fixture.send("PUT", href, CalDAVFixture.appleTodo(uid: "a"), privileges: .read).status == 403)
        let event = CalDAVFixture.appleTodo(uid: "a").replacingOccurrences(of: "VTODO", with: "VEVENT")
        let refused = fixture.send("PUT", href, event)
        #expect(refused.status == 403)
        #expect(CalDAVFixture.text(refused).contains("<cal:supported-calendar-component/>"))
    }

    @Test func oneUIDIsOneResource() throws {
        let fixture = try CalDAVFixture()
        #expect(fixture.send("PUT", fixture.collection + "a.ics", CalDAVFixture.appleTodo(uid: "a")).status == 201)
        let conflict = fixture.send("PUT", fixture.collection + "b.ics", CalDAVFixture.appleTodo(uid: "a"))
        #expect(conflict.status == 403)
        #expect(CalDAVFixture.text(conflict).contains("<cal:no-uid-conflict/>"))
    }

    static func isLocation(_ alarm: Alarm) -> Bool {
        if case .location = alarm.trigger { true } else { false }
    }
}
