import CivilTime
import Foundation
import ICalendar
import Testing

@testable import GeoReminders

/// Hand-made files in the shapes Apple Reminders, Nextcloud Tasks, Thunderbird and RFC 9074 write.
struct ICalendarSampleTests {
    static let samples = ["apple-reminders.ics", "nextcloud-tasks.ics", "thunderbird.ics", "rfc9074-proximity.ics"]

    private static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ical/\(name)")
    }

    private func calendar(_ name: String) throws -> ICalComponent {
        let roots = try ICalReader.components(from: Data(contentsOf: Self.url(name)))
        #expect(roots.count == 1)
        return try #require(roots.first)
    }

    private func utc(_ text: String) -> Date { try! ICalDateTime.utcInstant(text) }

    @Test func appleReminders() throws {
        let cal = try calendar("apple-reminders.ics")
        let zones = ICalTimeZoneResolver(calendar: cal)
        #expect(cal.name == "VCALENDAR")
        #expect(cal.properties.map(\.name) == ["VERSION", "PRODID", "CALSCALE", "X-WR-CALNAME", "X-APPLE-CALENDAR-COLOR"])
        #expect(cal.components.map(\.name) == ["VTIMEZONE", "VTODO", "VTODO", "VTODO", "VTODO"])
        let todos = cal.components(named: "VTODO")
        #expect(todos.map(\.properties.count) == [11, 10, 11, 10])
        #expect(todos.map { $0.components.map(\.properties.count) } == [[5], [7], [5], [8]])

        // A zoned due date whose absolute alarm is the same instant in UTC.
        let due = try todos[0].property("DUE")!.civilDateTime(resolver: zones)
        #expect(
            due
                == CivilDateTime(
                    year: 2026, month: 10, day: 5, time: TimeOfDay(hour: 9, minute: 0),
                    timeZone: TimeZone(identifier: "Europe/Amsterdam")))
        let alarm0 = todos[0].components[0]
        #expect(alarm0.property("TRIGGER")!.parameter("VALUE") == "DATE-TIME")
        #expect(try alarm0.property("TRIGGER")!.utcInstant() == due.instant())
        #expect(try todos[0].property("PRIORITY")!.integer() == 1)

        // Location alarm: Apple's placeholder trigger, proximity, and the structured location.
        #expect(
            todos[1].property("DESCRIPTION")!.text
                == "The good ones from the market stall, not the supermarket.\nAsk for a bag of broken pieces too.")
        let arrive = todos[1].components[0]
        #expect(try arrive.property("TRIGGER")!.utcInstant() == utc("19760401T005545Z"))
        #expect(arrive.property("X-APPLE-PROXIMITY")!.value == "ARRIVE")
        let place = try #require(arrive.property("X-APPLE-STRUCTURED-LOCATION"))
        #expect(
            place.parameters.map(\.name) == [
                "VALUE", "X-ADDRESS", "X-APPLE-MAPKIT-HANDLE", "X-APPLE-RADIUS",
                "X-APPLE-REFERENCEFRAME", "X-TITLE",
            ])
        #expect(place.parameter("X-TITLE") == "Albert Cuyp Markt")
        #expect(place.parameter("X-APPLE-RADIUS") == "70.58422048314")
        // Apple writes a TEXT-style "\\n" inside the parameter; it is kept as written.
        #expect(place.parameter("X-ADDRESS") == #"Albert Cuypstraat\\n1072 CT Amsterdam\\nNetherlands"#)
        #expect(place.parameter("X-APPLE-MAPKIT-HANDLE")?.count == 168)
        #expect(try place.geoURI() == GeoURI(latitude: 52.35589, longitude: 4.89434))

        // All-day repeating reminder with a relative alarm.
        #expect(todos[2].property("RRULE")!.value == "FREQ=WEEKLY;INTERVAL=1;BYDAY=SA")
        #expect(try todos[2].property("DUE")!.civilDateTime(resolver: zones) == CivilDateTime(year: 2026, month: 10, day: 3))
        #expect(try todos[2].components[0].property("TRIGGER")!.durationSeconds() == -900)

        // Completed, with a departure alarm whose quoted address holds a comma.
        #expect(todos[3].property("SUMMARY")!.text == "Return library books 📚")
        #expect(try todos[3].property("COMPLETED")!.utcInstant() == utc("20260919T174512Z"))
        #expect(try todos[3].property("PERCENT-COMPLETE")!.integer() == 100)
        let depart = todos[3].components[0]
        #expect(depart.property("X-APPLE-PROXIMITY")!.value == "DEPART")
        let library = try #require(depart.property("X-APPLE-STRUCTURED-LOCATION"))
        #expect(library.parameter("X-ADDRESS") == "Oosterdokskade 143, 1011 DL Amsterdam")
        #expect(library.parameter("X-APPLE-RADIUS") == "150")
        #expect(try library.geoURI() == GeoURI(latitude: 52.37575, longitude: 4.90815))
    }

    @Test func nextcloudTasks() throws {
        let cal = try calendar("nextcloud-tasks.ics")
        let zones = ICalTimeZoneResolver(calendar: cal)
        #expect(cal.properties.count == 5)
        #expect(cal.property("PRODID")!.value == "-//Nextcloud Tasks v0.16.1")
        #expect(cal.components.map(\.name) == ["VTIMEZONE", "VTODO", "VTODO", "VTODO"])
        let todos = cal.components(named: "VTODO")
        #expect(todos.map(\.properties.count) == [16, 13, 11])

        let parent = todos[0]
        #expect(
            parent.property("DESCRIPTION")!.text
                == "Plan:\n- sand the railing\n- paint (RAL 7016, anthracite)\n- new planters; measure first")
        #expect(parent.property("CATEGORIES")!.textList == ["Home", "DIY"])
        #expect(try parent.property("PERCENT-COMPLETE")!.integer() == 40)
        #expect(parent.property("STATUS")!.value == "IN-PROCESS")
        #expect(parent.property("X-OC-HIDECOMPLETEDSUBTASKS")!.value == "1")
        let due = try parent.property("DUE")!.civilDateTime(resolver: zones)
        #expect(due.timeZone?.identifier == "Europe/Berlin")
        #expect(due.instant() == utc("20261031T170000Z"))

        #expect(todos[1].property("RELATED-TO")!.value == "a3f1c0de-7b2e-4c55-9d0a-1e2f3a4b5c6d")
        #expect(todos[1].property("RELATED-TO")!.parameters.isEmpty)
        #expect(try todos[1].property("DUE")!.civilDateTime(resolver: zones) == CivilDateTime(year: 2026, month: 9, day: 30))

        let child = todos[2]
        #expect(child.property("RELATED-TO")!.parameter("RELTYPE") == "PARENT")
        #expect(child.properties(named: "CATEGORIES").map(\.textList) == [["Home"], ["Weekend, if dry"]])
        #expect(try child.property("DUE")!.civilDateTime(resolver: zones).timeZone == ICalDateTime.utc)
        let trigger = try #require(child.components.first?.property("TRIGGER"))
        #expect(trigger.parameter("RELATED") == "END")
        #expect(try trigger.durationSeconds() == -3600)
    }

    @Test func thunderbird() throws {
        let cal = try calendar("thunderbird.ics")
        let zones = ICalTimeZoneResolver(calendar: cal)
        #expect(cal.properties.map(\.name) == ["PRODID", "VERSION"])
        #expect(cal.components.map(\.name) == ["VTIMEZONE", "VTIMEZONE", "VTIMEZONE", "VTODO", "VTODO", "VTODO"])
        let vtimezones = cal.components(named: "VTIMEZONE")
        #expect(
            vtimezones.map { $0.components.map(\.name) } == [
                ["DAYLIGHT", "STANDARD"], ["STANDARD", "DAYLIGHT"], ["STANDARD", "DAYLIGHT"],
            ])
        #expect(vtimezones[0].property("X-LIC-LOCATION")!.value == "Europe/Berlin")
        #expect(try zones.timeZone(for: "/mozilla.org/20050126_1/America/New_York").identifier == "America/New_York")
        #expect(try zones.timeZone(for: "W. Europe Standard Time").identifier == "Europe/Berlin")

        let todos = cal.components(named: "VTODO")
        #expect(todos.map(\.properties.count) == [11, 11, 11])
        let review = todos[0]
        #expect(review.property("RRULE")!.value == "FREQ=WEEKLY;BYDAY=MO")
        #expect(try review.property("X-MOZ-GENERATION")!.integer() == 4)
        let trigger = try #require(review.components.first?.property("TRIGGER"))
        #expect(trigger.parameters == [ICalParameter(name: "VALUE", value: "DURATION"), ICalParameter(name: "RELATED", value: "END")])
        #expect(try trigger.durationSeconds() == -1800)

        // The description was folded in the middle of "ü"; unfolding on octets rejoins it.
        let call = todos[1]
        #expect(
            call.property("DESCRIPTION")!.text
                == "Grüße an alle – frag nach dem Rezept für Käsekuchen und über den Schnee – ob er schon liegt. Sie mag es, wenn man pünktlich anruft."
        )
        #expect(call.property("DESCRIPTION")!.lineNumber == 79)
        #expect(try call.property("DTSTART")!.civilDateTime(resolver: zones).instant() == utc("20261011T150000Z"))
        #expect(try call.components[0].property("TRIGGER")!.durationSeconds() == -86_400)

        let expenses = todos[2]
        #expect(expenses.property("UID")!.value.count == 80)
        #expect(try expenses.property("DUE")!.civilDateTime(resolver: zones).instant() == utc("20260930T150000Z"))
        #expect(try expenses.components[0].property("TRIGGER")!.utcInstant() == utc("20260930T130000Z"))
    }

    @Test func rfc9074ProximityAlarms() throws {
        let cal = try calendar("rfc9074-proximity.ics")
        let todo = try #require(cal.components(named: "VTODO").first)
        #expect(todo.properties.map(\.name) == ["UID", "DTSTAMP", "SUMMARY", "DUE"])
        let alarms = todo.components(named: "VALARM")
        #expect(alarms.map(\.properties.count) == [5, 5, 5])
        #expect(alarms.map { $0.property("PROXIMITY")?.value } == ["DEPART", "ARRIVE", nil])

        let office = try #require(alarms[0].components(named: "VLOCATION").first)
        #expect(office.property("NAME")!.text == "Office")
        #expect(try office.property("URL")!.geoURI() == GeoURI(latitude: 40.443, longitude: -79.945, uncertainty: 10))

        // This file has LF line ends and a hand fold.
        #expect(alarms[1].property("DESCRIPTION")!.text == "You are at the grocery store: buy milk")
        let store = try #require(alarms[1].components(named: "VLOCATION").first)
        #expect(store.properties.map(\.name) == ["UID", "NAME", "LOCATION-TYPE", "STRUCTURED-DATA"])
        #expect(store.property("STRUCTURED-DATA")!.parameter("VALUE") == "URI")
        #expect(try store.property("STRUCTURED-DATA")!.geoURI() == GeoURI(latitude: 40.4571, longitude: -79.9262, uncertainty: 150))

        #expect(alarms[2].property("TRIGGER")!.parameter("RELATED") == "END")
        #expect(try alarms[2].property("TRIGGER")!.durationSeconds() == -7200)
        #expect(try alarms[2].property("ACKNOWLEDGED")!.utcInstant() == utc("20261006T080000Z"))
    }

    // MARK: Round trip

    @Test(arguments: samples)
    func parseWriteParseKeepsTheSameTree(name: String) throws {
        let original = try ICalReader.components(from: Data(contentsOf: Self.url(name)))
        let written = ICalWriter.string(original)
        #expect(try ICalReader.components(from: written) == original)
        #expect(ICalWriter.string(try ICalReader.components(from: written)) == written)
        #expect(written.hasSuffix("END:VCALENDAR\r\n"))
        for line in written.components(separatedBy: "\r\n").dropLast() {
            #expect(line.utf8.count <= 75)
            #expect(!line.contains("\n") && !line.contains("\r"))
        }
    }

    @Test(arguments: ["apple-reminders.ics", "nextcloud-tasks.ics"])
    func filesFoldedLikeOursComeBackByteForByte(name: String) throws {
        let data = try Data(contentsOf: Self.url(name))
        #expect(ICalWriter.data(try ICalReader.components(from: data)) == data)
    }
}
