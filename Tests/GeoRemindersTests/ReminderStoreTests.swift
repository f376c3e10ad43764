import CivilTime
import Foundation
import Testing

@testable import GeoReminders

@Suite struct ReminderStoreTests {
    static let shop = StructuredLocation(title: "Shop", latitude: 48.8566, longitude: 2.3522, radius: 150)

    @Test func roundTripsEveryField() throws {
        let clock = TestClock(5_000)
        let store = try memoryStore(clock: clock)
        let reminder = Reminder(
            id: uuid(1), title: "Buy milk", notes: "semi-skimmed", priority: 5,
            startDate: CivilDateTime(year: 2026, month: 2, day: 28),
            dueDate: CivilDateTime(year: 2026, month: 3, day: 1, time: TimeOfDay(hour: 9, minute: 30, second: 15), timeZone: paris),
            completionDate: date(4_000), creationDate: date(1_000),
            recurrenceRules: [
                try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO"), try RecurrenceRule(rrule: "FREQ=DAILY", fromCompletion: true),
            ],
            alarms: [
                Alarm(id: uuid(11), trigger: .absolute(date: date(3_000))),
                Alarm(id: uuid(12), trigger: .relative(offset: -900), firedDate: date(3_100)),
                Alarm(id: uuid(13), trigger: .location(location: Self.shop, proximity: .leave)),
            ],
            seriesID: uuid(99))
        let saved = try store.save(reminder)
        let defaultID = try store.defaultList().id
        var expected = reminder
        expected.listID = defaultID
        expected.lastModifiedDate = date(5_000)
        #expect(saved == expected)
        #expect(try store.reminder(id: uuid(1)) == expected)
        #expect(try store.reminder(id: uuid(1).uppercased()) == expected)
    }

    @Test func savingAgainReplacesAlarmsAndRules() throws {
        let store = try memoryStore()
        var reminder = try store.save(
            Reminder(
                id: uuid(1), title: "x", dueDate: anyDueDate, recurrenceRules: [try RecurrenceRule(rrule: "FREQ=DAILY")],
                alarms: [.relative(-60), .relative(-120)]))
        reminder.alarms = [Alarm(id: uuid(5), trigger: .relative(offset: 30))]
        reminder.recurrenceRules = []
        reminder.title = "y"
        try store.save(reminder)
        let back = try #require(try store.reminder(id: uuid(1)))
        #expect(back.title == "y")
        #expect(back.alarms == [Alarm(id: uuid(5), trigger: .relative(offset: 30))])
        #expect(back.recurrenceRules.isEmpty)
        #expect(try store.reminders().count == 1)
    }

    @Test func removeDeletesTheReminder() throws {
        let store = try memoryStore()
        try store.save(Reminder(id: uuid(1), title: "x", dueDate: anyDueDate, alarms: [.relative(0)]))
        try store.save(Reminder(id: uuid(2), title: "y", dueDate: anyDueDate, alarms: [Alarm(id: uuid(20), trigger: .relative(offset: 5))]))
        try store.remove(id: uuid(1))
        #expect(try store.reminder(id: uuid(1)) == nil)
        #expect(throws: StoreError.reminderNotFound(id: uuid(1))) { try store.remove(id: uuid(1)) }
        // Its alarm rows went with it; the other reminder's stayed.
        let alarmIDs = try store.database!.read { db in try String.fetchAll(db, sql: "SELECT id FROM alarm") }
        #expect(alarmIDs == [uuid(20)])
    }

    /// Alarms are keyed by reminder number: re-saving one reminder of a batch that also creates
    /// others gives each reminder exactly its own alarms.
    @Test func alarmsStayWithTheirReminderThroughABatch() throws {
        let store = try memoryStore()
        try store.save(
            Reminder(
                id: uuid(1), title: "a", dueDate: anyDueDate, creationDate: date(1),
                alarms: [Alarm(id: uuid(10), trigger: .relative(offset: 1))]))
        try store.save(
            Reminder(
                id: uuid(2), title: "b", dueDate: anyDueDate, creationDate: date(2),
                alarms: [Alarm(id: uuid(20), trigger: .relative(offset: 2))]), commit: false)
        try store.save(
            Reminder(
                id: uuid(1), title: "a2", dueDate: anyDueDate, creationDate: date(1),
                alarms: [
                    Alarm(id: uuid(11), trigger: .relative(offset: 3)),
                    Alarm(id: uuid(12), trigger: .relative(offset: 4)),
                ]), commit: false)
        try store.save(Reminder(id: uuid(3), title: "c", creationDate: date(3)), commit: false)
        try store.commit()
        let alarms = try store.reminders().map { $0.alarms.map(\.id) }
        #expect(alarms == [[uuid(11), uuid(12)], [uuid(20)], []])
    }

    @Test func fetchByUniquePrefix() throws {
        let store = try memoryStore()
        try store.save(Reminder(id: "aaaa1111-0000-0000-0000-000000000000", title: "a"))
        try store.save(Reminder(id: "aaaa2222-0000-0000-0000-000000000000", title: "b"))
        try store.save(Reminder(id: "bbbb0000-0000-0000-0000-000000000000", title: "c"))
        #expect(try store.reminder(idPrefix: "aaaa1").title == "a")
        #expect(try store.reminder(idPrefix: "AAAA2").title == "b")
        #expect(try store.reminder(idPrefix: "b").title == "c")
        #expect(try store.reminder(idPrefix: "bbbb0000-0000-0000-0000-000000000000").title == "c")
        #expect(
            throws: StoreError.ambiguousPrefix(
                prefix: "aaaa",
                matches: [
                    "aaaa1111-0000-0000-0000-000000000000", "aaaa2222-0000-0000-0000-000000000000",
                ])
        ) {
            try store.reminder(idPrefix: "aaaa")
        }
        #expect(throws: StoreError.noReminderMatches(prefix: "c")) { try store.reminder(idPrefix: "c") }
        #expect(throws: StoreError.noReminderMatches(prefix: "")) { try store.reminder(idPrefix: "") }
        #expect(throws: StoreError.noReminderMatches(prefix: "zz")) { try store.reminder(idPrefix: "zz") }
        #expect(throws: StoreError.noReminderMatches(prefix: "a%")) { try store.reminder(idPrefix: "a%") }
    }

    @Test func predicatesCombine() throws {
        let store = try memoryStore()
        let work = try store.save(ReminderList(id: uuid(100), title: "Work"))
        let home = try store.defaultList()
        let utc = TimeZone(identifier: "UTC")!
        func day(_ d: Int, zone: TimeZone? = utc) -> CivilDateTime { CivilDateTime(year: 2026, month: 3, day: d, timeZone: zone) }
        try store.save(Reminder(id: uuid(1), title: "Café crème", priority: 1, dueDate: day(1), alarms: [.location(Self.shop, .enter)]))
        try store.save(Reminder(id: uuid(2), listID: work.id, title: "Report", priority: 5, dueDate: day(2)))
        try store.save(Reminder(id: uuid(3), title: "CAFE run", priority: 9, dueDate: day(3), completionDate: date(1)))
        try store.save(Reminder(id: uuid(4), listID: work.id, title: "Call", dueDate: day(2, zone: nil)))
        try store.save(Reminder(id: uuid(5), title: "Someday", alarms: [.location(Self.shop, .leave)], seriesID: uuid(77)))
        func ids(_ predicate: ReminderPredicate) throws -> [String] {
            try store.reminders(matching: predicate).map(\.id).sorted()
        }
        #expect(try ids(ReminderPredicate()) == [uuid(1), uuid(2), uuid(3), uuid(4), uuid(5)])
        #expect(try ids(ReminderPredicate(listIDs: [work.id])) == [uuid(2), uuid(4)])
        #expect(try ids(ReminderPredicate(listIDs: [home.id, work.id])).count == 5)
        #expect(try ids(ReminderPredicate(listIDs: [])) == [])
        #expect(try ids(ReminderPredicate(completion: .completed)) == [uuid(3)])
        #expect(try ids(ReminderPredicate(completion: .incomplete)) == [uuid(1), uuid(2), uuid(4), uuid(5)])
        // Due on 2 March UTC (00:00 inclusive, 3 March excluded); the floating one is read in UTC.
        let march2 = CivilDateTime(year: 2026, month: 3, day: 2, timeZone: utc).instant()
        #expect(try ids(ReminderPredicate(dueRange: march2..<march2.addingTimeInterval(86_400))) == [uuid(2), uuid(4)])
        #expect(try ids(ReminderPredicate(dueRange: march2.addingTimeInterval(1)..<march2.addingTimeInterval(86_401))) == [uuid(3)])
        #expect(try ids(ReminderPredicate(locationOnly: true)) == [uuid(1), uuid(5)])
        #expect(try ids(ReminderPredicate(locationOnly: true, priorityLevel: .high)) == [uuid(1)])
        #expect(try ids(ReminderPredicate(priorityLevel: PriorityLevel.none)) == [uuid(4), uuid(5)])
        #expect(try ids(ReminderPredicate(titleContains: "cafe")) == [uuid(1), uuid(3)])
        #expect(try ids(ReminderPredicate(titleContains: "CRÈME")) == [uuid(1)])
        #expect(try ids(ReminderPredicate(titleContains: "%")) == [])
        #expect(try ids(ReminderPredicate(seriesID: uuid(77))) == [uuid(5)])
        #expect(try ids(ReminderPredicate(completion: .incomplete, titleContains: "cafe")) == [uuid(1)])
    }

    @Test func unknownListIsRefused() throws {
        let store = try memoryStore()
        #expect(throws: StoreError.unknownList(id: uuid(50))) { try store.save(Reminder(id: uuid(1), listID: uuid(50), title: "x")) }
    }

    @Test func defaultListExistsAndCanChange() throws {
        let store = try memoryStore()
        let first = try store.defaultList()
        #expect(first.title == "Reminders")
        #expect(first.allowsContentModifications)
        let work = try store.save(ReminderList(id: uuid(100), title: "Work", colour: "#ff0000"))
        #expect(work.colour == "#FF0000")
        try store.setDefaultList(id: work.id)
        #expect(try store.defaultList() == work)
        #expect(try store.lists().map(\.title) == ["Work", "Reminders"])
        let saved = try store.save(Reminder(id: uuid(1), title: "x"))
        #expect(saved.listID == work.id)
        #expect(throws: StoreError.cannotRemoveDefaultList(listID: work.id)) { try store.removeList(id: work.id) }
        try store.removeList(id: first.id)
        #expect(try store.lists() == [work])
        #expect(throws: ReminderError.badColour(listID: uuid(101), colour: "red")) {
            try store.save(ReminderList(id: uuid(101), title: "Bad", colour: "red"))
        }
    }

    @Test func removingAListRemovesItsReminders() throws {
        let store = try memoryStore()
        let work = try store.save(ReminderList(id: uuid(100), title: "Work"))
        try store.save(Reminder(id: uuid(1), listID: work.id, title: "x", dueDate: anyDueDate, alarms: [.relative(0)]))
        try store.save(Reminder(id: uuid(2), title: "y"))
        try store.removeList(id: work.id)
        #expect(try store.reminders().map(\.id) == [uuid(2)])
    }

    @Test func engineStateAndAlarmStateArePersisted() throws {
        let store = try memoryStore()
        #expect(try store.engineState(forKey: "engine") == nil)
        try store.saveEngineState(Data([1, 2, 3]), forKey: "engine")
        try store.saveEngineState(Data([4]), forKey: "engine")
        #expect(try store.engineState(forKey: "engine") == Data([4]))
        try store.save(Reminder(id: uuid(1), title: "x", dueDate: anyDueDate, alarms: [Alarm(id: uuid(9), trigger: .relative(offset: 0))]))
        try store.setAlarmState(reminderID: uuid(1), alarmID: uuid(9), firedDate: date(10), acknowledgedDate: date(20))
        let alarm = try #require(try store.reminder(id: uuid(1))?.alarms.first)
        #expect(alarm.firedDate == date(10))
        #expect(alarm.acknowledgedDate == date(20))
        #expect(throws: StoreError.alarmNotFound(reminderID: uuid(1), alarmID: uuid(8))) {
            try store.setAlarmState(reminderID: uuid(1), alarmID: uuid(8), firedDate: nil, acknowledgedDate: nil)
        }
    }
}
