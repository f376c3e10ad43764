import CivilTime
import Foundation
import Testing

@testable import GeoReminders

@Suite struct ReminderModelTests {
    @Test(arguments: ["", "   ", "\n\t "])
    func blankTitlesAreRefused(title: String) throws {
        let store = try memoryStore()
        #expect(throws: ReminderError.emptyTitle(id: uuid(1))) { try store.save(Reminder(id: uuid(1), title: title)) }
    }

    @Test func identifiersAreCanonicalLowercaseUUIDs() throws {
        let store = try memoryStore()
        let saved = try store.save(Reminder(id: "ABCDEF00-0000-0000-0000-000000000001", title: "x"))
        #expect(saved.id == "abcdef00-0000-0000-0000-000000000001")
        #expect(throws: ReminderError.badIdentifier(text: "nope")) { try store.save(Reminder(id: "nope", title: "x")) }
    }

    @Test(arguments: [
        ("0fb8c2d4-1a2b-4c3d-8e9f-a0b1c2d3e4f5", "0fb8c2d4-1a2b-4c3d-8e9f-a0b1c2d3e4f5"),
        ("0FB8C2D4-1A2B-4C3D-8E9F-A0B1C2D3E4F5", "0fb8c2d4-1a2b-4c3d-8e9f-a0b1c2d3e4f5"),
        ("0fB8c2D4-1a2B-4c3D-8e9F-a0b1C2d3e4F5", "0fb8c2d4-1a2b-4c3d-8e9f-a0b1c2d3e4f5"),
    ])
    func identifiersInEitherCaseReadAsLowercase(text: String, canonical: String) throws {
        #expect(try Reminder.canonicalIdentifier(text) == canonical)
    }

    @Test(arguments: [
        "0fb8c2d4-1a2b-4c3d-8e9f-a0b1c2d3e4f",  // 35 characters
        "0fb8c2d4-1a2b-4c3d-8e9f-a0b1c2d3e4f50",  // 37
        "0fb8c2d41-a2b-4c3d-8e9f-a0b1c2d3e4f5",  // a dash out of place
        "0fb8c2d4-1a2b-4c3d-8e9f-a0b1c2d3e4g5",  // not hex
        "0fb8c2d4-1a2b-4c3d-8e9f-a0b1c2d3e4é",  // 36 bytes, not ASCII
        "{0fb8c2d4-1a2b-4c3d-8e9f-a0b1c2d3e4f5}",
        "",
    ])
    func malformedIdentifiersAreRefused(text: String) {
        #expect(throws: ReminderError.badIdentifier(text: text)) { try Reminder.canonicalIdentifier(text) }
    }

    @Test func impossibleDatesAreRefused() throws {
        let store = try memoryStore()
        let bad = CivilDateTime(year: 2025, month: 2, day: 29)
        #expect(throws: ReminderError.badDate(id: uuid(1), field: "due date", date: bad)) {
            try store.save(Reminder(id: uuid(1), title: "x", dueDate: bad))
        }
        #expect(CivilDateTime(year: 2024, month: 2, day: 29).isValid)
        #expect(!CivilDateTime(year: 2024, month: 1, day: 1, time: TimeOfDay(hour: 24, minute: 0)).isValid)
    }

    @Test func badLocationsAreRefused() throws {
        let store = try memoryStore()
        let alarm = Alarm.location(StructuredLocation(title: "x", latitude: 91, longitude: 0), .enter)
        #expect(throws: ReminderError.badLocation(id: uuid(1), latitude: 91, longitude: 0, radius: 0)) {
            try store.save(Reminder(id: uuid(1), title: "x", alarms: [alarm]))
        }
    }

    /// EventKit refuses a repeating reminder with no due date; an alarm relative to a due date
    /// that does not exist would never fire. The store refuses both, whoever the caller is.
    /// BYHOUR, BYMINUTE and BYSECOND may restate the start's time of day (python caldav's
    /// fixtures, some exports do), and are written back as read; naming another time, or any
    /// time for an all-day start, is refused naming the rule and the start.
    @Test func aRulesTimeOfDayMustBeTheStartsAndIsKept() throws {
        let store = try memoryStore()
        let utc = TimeZone(identifier: "UTC")!
        let start = CivilDateTime(year: 2022, month: 10, day: 17, time: TimeOfDay(hour: 6, minute: 55, second: 0), timeZone: utc)
        let due = CivilDateTime(year: 2022, month: 10, day: 17, time: TimeOfDay(hour: 7, minute: 5, second: 0), timeZone: utc)
        let text = "FREQ=WEEKLY;BYDAY=MO;BYHOUR=6;BYMINUTE=55;COUNT=3"
        let saved = try store.save(
            Reminder(id: uuid(1), title: "Bins", startDate: start, dueDate: due, recurrenceRules: [try RecurrenceRule(rrule: text)]))
        #expect(try store.reminder(id: saved.id)?.recurrenceRules.map(\.rrule) == [text])
        #expect(saved.recurrenceRules[0].timeOfDay == RecurrenceTimeOfDay(hour: 6, minute: 55))
        // Without a start, the due date's time is the series'.
        #expect(throws: ReminderError.recurrenceTimeOfDay(id: uuid(2), rule: text, start: "07:05:00")) {
            try store.save(Reminder(id: uuid(2), title: "x", dueDate: due, recurrenceRules: [try RecurrenceRule(rrule: text)]))
        }
        let allDay = CivilDateTime(year: 2022, month: 10, day: 17)
        #expect(throws: ReminderError.recurrenceTimeOfDay(id: uuid(3), rule: "FREQ=DAILY;BYSECOND=0", start: "all day")) {
            try store.save(
                Reminder(id: uuid(3), title: "y", dueDate: allDay, recurrenceRules: [try RecurrenceRule(rrule: "FREQ=DAILY;BYSECOND=0")]))
        }
        #expect(try store.reminders().count == 1)
    }

    @Test func rulesAndRelativeAlarmsNeedADueDate() throws {
        let store = try memoryStore()
        #expect(throws: ReminderError.recurrenceWithoutDueDate(id: uuid(1))) {
            try store.save(Reminder(id: uuid(1), title: "x", recurrenceRules: [try RecurrenceRule(rrule: "FREQ=DAILY")]))
        }
        #expect(throws: ReminderError.relativeAlarmWithoutDueDate(id: uuid(2))) {
            try store.save(Reminder(id: uuid(2), title: "y", alarms: [.relative(-600)]))
        }
        #expect(try store.reminders().isEmpty)
        let saved = try store.save(
            Reminder(
                id: uuid(3), title: "z", dueDate: anyDueDate,
                recurrenceRules: [try RecurrenceRule(rrule: "FREQ=DAILY")], alarms: [.relative(-600)]))
        var edited = saved
        edited.dueDate = nil
        #expect(throws: ReminderError.recurrenceWithoutDueDate(id: uuid(3))) { try store.save(edited) }
        #expect(try store.reminder(id: uuid(3))?.dueDate == anyDueDate)
    }

    @Test func completionFollowsEventKit() {
        var reminder = Reminder(title: "x")
        reminder.completionDate = date(100)
        #expect(reminder.isCompleted)
        reminder.isCompleted = false
        #expect(reminder.completionDate == nil)
        #expect(Reminder(title: "x", completionDate: date(5)).isCompleted)
    }

    @Test func savingCompletedStampsNowUnlessGiven() throws {
        let clock = TestClock(1_000)
        let store = try memoryStore(clock: clock)
        var reminder = try store.save(Reminder(id: uuid(1), title: "x", creationDate: date(10)))
        #expect(reminder.completionDate == nil)
        #expect(reminder.lastModifiedDate == date(1_000))
        clock.advance(50)
        reminder.isCompleted = true
        try store.save(reminder)
        #expect(try store.reminder(id: uuid(1))?.completionDate == date(1_050))
        #expect(try store.reminder(id: uuid(1))?.lastModifiedDate == date(1_050))
        reminder.completionDate = date(7)
        try store.save(reminder)
        #expect(try store.reminder(id: uuid(1))?.completionDate == date(7))
        reminder.isCompleted = false
        try store.save(reminder)
        let back = try #require(try store.reminder(id: uuid(1)))
        #expect(back.isCompleted == false)
        #expect(back.completionDate == nil)
    }

    @Test func locationReminderNeedsEnterOrLeave() {
        let place = StructuredLocation(title: "Home", latitude: 48.85, longitude: 2.35)
        #expect(Reminder(title: "x", alarms: [.location(place, .enter)]).isLocationReminder)
        #expect(Reminder(title: "x", alarms: [.location(place, .leave)]).isLocationReminder)
        #expect(!Reminder(title: "x", alarms: [.location(place, .none)]).isLocationReminder)
        #expect(!Reminder(title: "x", alarms: [.relative(-60)]).isLocationReminder)
        #expect(!Reminder(title: "x").isLocationReminder)
    }

    @Test func zeroRadiusMeansOneHundredMetres() {
        #expect(StructuredLocation(title: "x", latitude: 0, longitude: 0).effectiveRadius == 100)
        #expect(StructuredLocation(title: "x", latitude: 0, longitude: 0, radius: 250).effectiveRadius == 250)
    }

    @Test func relativeAlarmCountsFromTheDueDate() {
        let due = CivilDateTime(year: 2026, month: 3, day: 1, time: TimeOfDay(hour: 9, minute: 30), timeZone: paris)
        // 2026-03-01 08:30 UTC is 794_046_600 s after 2001-01-01.
        #expect(Alarm.relative(-900).fireDate(due: due) == date(794_046_600 - 900))
        let allDay = CivilDateTime(year: 2026, month: 3, day: 1, timeZone: paris)
        // 00:00 in Paris is 23:00 UTC the day before.
        #expect(Alarm.relative(3_600).fireDate(due: allDay) == date(794_012_400 + 3_600))
        let floating = CivilDateTime(year: 2026, month: 3, day: 1)
        #expect(Alarm.relative(0).fireDate(due: floating, floatingZone: TimeZone(identifier: "UTC")!) == date(794_016_000))
        #expect(Alarm.relative(0).fireDate(due: nil) == nil)
        #expect(Alarm.absolute(date(5)).fireDate(due: nil) == date(5))
    }

    @Test func jsonUsesReadableFieldNames() throws {
        let reminder = Reminder(
            id: uuid(1), listID: uuid(2), title: "Buy milk", priority: 5,
            dueDate: CivilDateTime(year: 2026, month: 3, day: 1),
            creationDate: date(0),
            recurrenceRules: [try RecurrenceRule(rrule: "FREQ=DAILY", fromCompletion: true)],
            alarms: [
                Alarm(
                    id: uuid(3),
                    trigger: .location(
                        location: StructuredLocation(title: "Shop", latitude: 1.5, longitude: 2.5, radius: 0), proximity: .enter))
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(reminder), as: UTF8.self)
        #expect(
            json == """
                {"alarms":[{"id":"\(uuid(3))","trigger":{"location":{"location":{"latitude":1.5,"longitude":2.5,"radius":0,"title":"Shop"},"proximity":"enter"}}}],\
                "creationDate":0,"dueDate":{"day":1,"month":3,"year":2026},"id":"\(uuid(1))","isCompleted":false,\
                "lastModifiedDate":0,"listID":"\(uuid(2))","priority":5,\
                "recurrenceRules":[{"fromCompletion":true,"rrule":"FREQ=DAILY"}],"title":"Buy milk"}
                """)
        #expect(try JSONDecoder().decode(Reminder.self, from: Data(json.utf8)) == reminder)
    }

    @Test func jsonOfTimedAlarmsDatesAndLists() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
        #expect(
            try json(Alarm(id: uuid(1), trigger: .absolute(date: date(60)), firedDate: date(61)))
                == #"{"firedDate":61,"id":"\#(uuid(1))","trigger":{"absolute":{"date":60}}}"#)
        #expect(
            try json(Alarm(id: uuid(2), trigger: .relative(offset: -900)))
                == #"{"id":"\#(uuid(2))","trigger":{"relative":{"offset":-900}}}"#)
        let due = CivilDateTime(year: 2026, month: 3, day: 1, time: TimeOfDay(hour: 9, minute: 30), timeZone: paris)
        #expect(
            try json(due)
                == #"{"day":1,"month":3,"time":{"hour":9,"minute":30,"second":0},"timeZone":{"identifier":"Europe\/Paris"},"year":2026}"#)
        #expect(try JSONDecoder().decode(CivilDateTime.self, from: Data(try json(due).utf8)) == due)
        #expect(
            try json(ReminderList(id: uuid(3), title: "Work", allowsContentModifications: false))
                == ##"{"allowsContentModifications":false,"colour":"#1BADF8","id":"\##(uuid(3))","title":"Work"}"##)
        #expect(try json(PriorityLevel.medium) == #""medium""#)
        #expect(try json(Length(metres: 150)) == #"{"metres":150}"#)
    }
}
