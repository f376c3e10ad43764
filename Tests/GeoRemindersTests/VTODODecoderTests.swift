import CivilTime
import Foundation
import ICalendar
import Testing

@testable import GeoReminders

/// The hand-made files in the shapes Apple Reminders, Nextcloud Tasks, Thunderbird and RFC 9074
/// write, read into the reminders they stand for.
struct VTODODecoderTests {
    private let utc = VTODOSamples.utc
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// Imports `name` into a fresh store; returns its reminders by identifier and the report.
    private func imported(_ name: String) throws -> (store: ReminderStore, byID: [String: Reminder], report: ICalendarImportReport) {
        let store = try memoryStore()
        let report = try store.importICalendar(try icalFixture(name), fileName: name)
        let all = try store.reminders()
        return (store, Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) }), report)
    }

    private func time(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ mi: Int, _ zone: TimeZone?) -> CivilDateTime {
        CivilDateTime(year: y, month: m, day: d, time: TimeOfDay(hour: h, minute: mi), timeZone: zone)
    }

    @Test func appleReminders() throws {
        let (store, byID, report) = try imported("apple-reminders.ics")
        let list = try store.defaultList().id
        let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
        #expect(report.created.count == 4)
        #expect(report.notes.isEmpty)
        let nine = time(2026, 10, 5, 9, 0, amsterdam)
        expectSameReminder(
            byID["5e1c2a9b-3f4d-4e5f-8a9b-0c1d2e3f4a5b"],
            Reminder(
                id: "5e1c2a9b-3f4d-4e5f-8a9b-0c1d2e3f4a5b", listID: list, title: "Pick up dry cleaning", priority: 1,
                startDate: nine, dueDate: nine, creationDate: utc("20260928T081204Z"), lastModifiedDate: utc("20261001T120000Z"),
                alarms: [Alarm(id: "a1f0c3d2-6b7e-4f10-9c21-3d4e5f607182", trigger: .absolute(date: utc("20261005T070000Z")))]))
        expectSameReminder(
            byID["0b7d3e51-92c4-4a6e-8f1b-5c2d9e8a7f60"],
            Reminder(
                id: "0b7d3e51-92c4-4a6e-8f1b-5c2d9e8a7f60", listID: list, title: "Buy stroopwafels for the office",
                notes: "The good ones from the market stall, not the supermarket.\nAsk for a bag of broken pieces too.",
                creationDate: utc("20260930T173015Z"), lastModifiedDate: utc("20261001T120512Z"),
                alarms: [
                    Alarm(
                        id: "35d25525-f9de-4e38-a777-c75afb7d8940",
                        trigger: .location(
                            location: StructuredLocation(
                                title: "Albert Cuyp Markt", latitude: 52.35589, longitude: 4.89434,
                                radius: 70.58422048314), proximity: .enter))
                ]))
        let saturday = CivilDateTime(year: 2026, month: 10, day: 3)
        expectSameReminder(
            byID["c6a1e2b3-4d5f-4061-8273-94a5b6c7d8e9"],
            Reminder(
                id: "c6a1e2b3-4d5f-4061-8273-94a5b6c7d8e9", listID: list, title: "Water the plants", priority: 5,
                startDate: saturday, dueDate: saturday, creationDate: utc("20260902T064500Z"),
                lastModifiedDate: utc("20261001T120000Z"),
                recurrenceRules: [try RecurrenceRule(rrule: "FREQ=WEEKLY;INTERVAL=1;BYDAY=SA")],
                // TRIGGER:-PT15M counts from DTSTART (RFC 5545's default), here the due day's start.
                alarms: [Alarm(id: "7e8f9a0b-1c2d-4e3f-8051-62738495a6b7", trigger: .relative(offset: -900))]))
        expectSameReminder(
            byID["e4d3c2b1-a098-4765-b432-10fedcba9876"],
            Reminder(
                id: "e4d3c2b1-a098-4765-b432-10fedcba9876", listID: list, title: "Return library books 📚", priority: 9,
                completionDate: utc("20260919T174512Z"), creationDate: utc("20260915T101010Z"),
                lastModifiedDate: utc("20260919T174512Z"),
                alarms: [
                    Alarm(
                        id: "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
                        trigger: .location(
                            location: StructuredLocation(title: "OBA Oosterdok", latitude: 52.37575, longitude: 4.90815, radius: 150),
                            proximity: .leave), firedDate: utc("20260919T174500Z"), acknowledgedDate: utc("20260919T174500Z"))
                ]))
    }

    @Test func appleCalendarNameChoosesAnExistingList() throws {
        let store = try memoryStore()
        let errands = try store.save(ReminderList(id: uuid(0xE), title: "errands"))
        let report = try store.importICalendar(try icalFixture("apple-reminders.ics"), fileName: "apple-reminders.ics")
        #expect(report.entries.map(\.listID) == Array(repeating: errands.id, count: 4))
        #expect(try store.reminders().allSatisfy { $0.listID == errands.id })
    }

    @Test func nextcloudTasks() throws {
        let (store, byID, report) = try imported("nextcloud-tasks.ics")
        let list = try store.defaultList().id
        #expect(report.created.map(\.title) == ["Renovate the balcony", "Buy paint", "Sand the railing"])
        expectSameReminder(
            byID["a3f1c0de-7b2e-4c55-9d0a-1e2f3a4b5c6d"],
            Reminder(
                id: "a3f1c0de-7b2e-4c55-9d0a-1e2f3a4b5c6d", listID: list, title: "Renovate the balcony",
                notes: "Plan:\n- sand the railing\n- paint (RAL 7016, anthracite)\n- new planters; measure first",
                priority: 5, startDate: time(2026, 10, 3, 10, 0, berlin), dueDate: time(2026, 10, 31, 18, 0, berlin),
                creationDate: utc("20260901T180000Z"), lastModifiedDate: utc("20261002T071500Z")))
        expectSameReminder(
            byID["7c9e6679-7425-40de-944b-e07fc1f90ae7"],
            Reminder(
                id: "7c9e6679-7425-40de-944b-e07fc1f90ae7", listID: list, title: "Buy paint", priority: 1,
                dueDate: CivilDateTime(year: 2026, month: 9, day: 30), completionDate: utc("20261001T090000Z"),
                creationDate: utc("20260901T180500Z"), lastModifiedDate: utc("20261001T090000Z")))
        let sandID = "f47ac10b-58cc-4372-a567-0e02b2c3d479"
        let sand = try #require(byID[sandID])
        #expect(sand.dueDate.map { $0.timeZone.map(ICalDateTime.isUTC) } == true)
        var expected = Reminder(
            id: sandID, listID: list, title: "Sand the railing",
            dueDate: time(2026, 10, 10, 8, 0, sand.dueDate?.timeZone),
            creationDate: utc("20260901T181000Z"), lastModifiedDate: utc("20260901T181000Z"),
            alarms: [Alarm(id: InterchangeIdentifier.nameBased(sandID + "/VALARM/0"), trigger: .relative(offset: -3600))])
        expected.alarms[0].id = InterchangeIdentifier.nameBased(sandID + "/VALARM/0")
        expectSameReminder(sand, expected)
    }

    @Test func thunderbird() throws {
        let (store, byID, report) = try imported("thunderbird.ics")
        let list = try store.defaultList().id
        let newYork = TimeZone(identifier: "America/New_York")!
        #expect(report.created.count == 3)
        let reviewID = "2c4b6a1e-0d3f-4e8a-b5c7-9f1d2e3a4b5c"
        expectSameReminder(
            byID[reviewID],
            Reminder(
                id: reviewID, listID: list, title: "Weekly review",
                startDate: time(2026, 10, 5, 8, 0, berlin), dueDate: time(2026, 10, 5, 9, 0, berlin),
                creationDate: utc("20260920T081500Z"), lastModifiedDate: utc("20261001T064233Z"),
                recurrenceRules: [try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO")],
                alarms: [Alarm(id: InterchangeIdentifier.nameBased(reviewID + "/VALARM/0"), trigger: .relative(offset: -1800))]))
        let grandmaID = "8d1e2f3a-4b5c-46d7-8e9f-a0b1c2d3e4f5"
        expectSameReminder(
            byID[grandmaID],
            Reminder(
                id: grandmaID, listID: list, title: "Call Grandma in New York",
                notes:
                    "Grüße an alle – frag nach dem Rezept für Käsekuchen und über den Schnee – ob er schon liegt. Sie mag es, wenn man pünktlich anruft.",
                priority: 1, startDate: time(2026, 10, 11, 11, 0, newYork), dueDate: time(2026, 10, 11, 12, 0, newYork),
                creationDate: utc("20260925T150000Z"), lastModifiedDate: utc("20260925T150102Z"),
                // -P1D from DTSTART, which is an hour before DUE.
                alarms: [Alarm(id: InterchangeIdentifier.nameBased(grandmaID + "/VALARM/0"), trigger: .relative(offset: -90_000))]))
        // An Outlook UID is no UUID: it maps to a fixed name-based identifier.
        let outlookUID = "040000008200E00074C5B7101A82E00800000000B0F4D0A1C3F6DC01000000000000000010000000"
        let expenseID = InterchangeIdentifier.nameBased(outlookUID)
        #expect(report.created.last?.uid == outlookUID)
        #expect(report.created.last?.reminderID == expenseID)
        expectSameReminder(
            byID[expenseID],
            Reminder(
                id: expenseID, listID: list, title: "Submit expense report",
                dueDate: time(2026, 9, 30, 17, 0, berlin), completionDate: utc("20260930T161500Z"),
                creationDate: utc("20260801T090000Z"), lastModifiedDate: utc("20260930T161500Z"),
                alarms: [
                    Alarm(
                        id: InterchangeIdentifier.nameBased(expenseID + "/VALARM/0"),
                        trigger: .absolute(date: utc("20260930T130000Z")))
                ]))
    }

    @Test func rfc9074Proximity() throws {
        let (store, byID, report) = try imported("rfc9074-proximity.ics")
        let list = try store.defaultList().id
        #expect(report.created.count == 1)
        let id = "3a9bd0b8-32f5-4f76-8b9e-3c1e5b0f6a21"
        expectSameReminder(
            byID[id],
            Reminder(
                id: id, listID: list, title: "Buy milk", dueDate: CivilDateTime(year: 2026, month: 10, day: 6),
                // No CREATED or LAST-MODIFIED: DTSTAMP stands for both.
                creationDate: utc("20261001T120000Z"), lastModifiedDate: utc("20261001T120000Z"),
                alarms: [
                    Alarm(
                        id: "77d80d14-906b-4257-963f-85b1e734dbb6",
                        trigger: .location(
                            location: StructuredLocation(title: "Office", latitude: 40.443, longitude: -79.945, radius: 10),
                            proximity: .leave)),
                    Alarm(
                        id: "0f2b7e1c-5d3a-4c8b-9e6f-1a2b3c4d5e6f",
                        trigger: .location(
                            location: StructuredLocation(
                                title: "Giant Eagle Market District", latitude: 40.4571,
                                longitude: -79.9262, radius: 150),
                            proximity: .enter)),
                    Alarm(
                        id: "5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f", trigger: .relative(offset: -7200),
                        firedDate: utc("20261006T080000Z"), acknowledgedDate: utc("20261006T080000Z")),
                ]))
    }

    /// RFC 9074's PROXIMITY and VLOCATION win over Apple's properties when a VALARM has both.
    @Test func rfc9074WinsOverApple() throws {
        let text = """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//test//EN
            BEGIN:VTODO
            UID:\(uuid(1))
            DTSTAMP:20261001T120000Z
            SUMMARY:Both forms
            BEGIN:VALARM
            UID:\(uuid(2))
            ACTION:DISPLAY
            TRIGGER;VALUE=DATE-TIME:19760401T005545Z
            DESCRIPTION:Both forms
            PROXIMITY:DEPART
            X-APPLE-PROXIMITY:ARRIVE
            X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=99;X-TITLE=Apple:geo:1,2
            BEGIN:VLOCATION
            UID:x
            NAME:RFC
            URL:geo:3,4;u=5
            END:VLOCATION
            END:VALARM
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER;VALUE=DATE-TIME:19760401T005545Z
            DESCRIPTION:No proximity
            X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE=Home:geo:5,6
            END:VALARM
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER;VALUE=DATE-TIME:19760401T005545Z
            PROXIMITY:CONNECT
            END:VALARM
            END:VTODO
            END:VCALENDAR
            """
        let store = try memoryStore()
        let report = try store.importICalendar(Data(text.utf8), fileName: "both.ics")
        let reminder = try #require(try store.reminder(id: uuid(1)))
        #expect(
            reminder.alarms.map(\.trigger) == [
                .location(location: StructuredLocation(title: "RFC", latitude: 3, longitude: 4, radius: 5), proximity: .leave),
                .location(location: StructuredLocation(title: "Home", latitude: 5, longitude: 6), proximity: .none),
            ])
        #expect(
            report.notes.map(\.description) == [
                "both.ics:31: PROXIMITY:CONNECT is not a place trigger georemind knows (ARRIVE, DEPART); alarm left out"
            ])
    }
}
