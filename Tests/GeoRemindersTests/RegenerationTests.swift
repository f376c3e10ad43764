import CivilTime
import Foundation
import Testing

@testable import GeoReminders

/// A repeating reminder with identifier 1, due `due`.
func repeatingReminder(
    _ rrule: String, due: String, zone: String? = nil, fromCompletion: Bool = false,
    start: String? = nil, alarms: [Alarm] = []
) throws -> Reminder {
    Reminder(
        id: uuid(1), title: "Water the plants",
        startDate: start.map { CivilDateTime(compact: $0, zone: zone) },
        dueDate: CivilDateTime(compact: due, zone: zone),
        recurrenceRules: [try RecurrenceRule(rrule: rrule, fromCompletion: fromCompletion)], alarms: alarms)
}

/// Completes reminder 1 `times` times, returning each result.
@discardableResult
func completeRepeatedly(_ store: ReminderStore, _ times: Int, at completion: Date? = nil) throws -> [CompletionResult] {
    try (0..<times).map { _ in try store.complete(id: uuid(1), completionDate: completion) }
}

@Suite struct RegenerationTests {
    @Test func countThreeWritesTwoHistoryCopiesThenCompletesTheLiveReminder() throws {
        let store = try memoryStore()
        try store.save(repeatingReminder("FREQ=DAILY;COUNT=3", due: "20260105T090000", zone: "Europe/Paris"))
        let results = try completeRepeatedly(store, 3)
        #expect(results.map(\.outcome) == [.advanced, .advanced, .completed])
        #expect(results.map { $0.nextDue?.compact } == ["20260106T090000", "20260107T090000", nil])
        #expect(results[2].historyCopyID == nil)
        let live = try #require(try store.reminder(id: uuid(1)))
        #expect(live.isCompleted)
        #expect(live.dueDate?.compact == "20260107T090000")
        #expect(live.seriesID == uuid(1))
        let history = try store.history(ofSeries: uuid(1))
        #expect(history.map { $0.dueDate?.compact } == ["20260105T090000", "20260106T090000"])
        #expect(history.map(\.id) == [results[0].historyCopyID, results[1].historyCopyID])
        #expect(try store.reminders().count == 3)
        #expect(try store.complete(id: uuid(1)).outcome == .alreadyCompleted)
    }

    @Test func untilEndsTheSeriesOnItsLastOccurrence() throws {
        let store = try memoryStore()
        try store.save(repeatingReminder("FREQ=WEEKLY;UNTIL=20260119T235959Z", due: "20260105T090000", zone: "Europe/Paris"))
        let results = try completeRepeatedly(store, 3)
        #expect(results.map(\.outcome) == [.advanced, .advanced, .completed])
        #expect(results.map { $0.nextDue?.compact } == ["20260112T090000", "20260119T090000", nil])
        #expect(try store.history(ofSeries: uuid(1)).count == 2)
    }

    @Test(arguments: [
        ("FREQ=MONTHLY;BYMONTHDAY=31", ["20260331T100000", "20260531T100000", "20260731T100000", "20260831T100000"]),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", ["20260228T100000", "20260331T100000", "20260430T100000", "20260531T100000"]),
        ("FREQ=MONTHLY", ["20260331T100000", "20260531T100000", "20260731T100000", "20260831T100000"]),
    ])
    func aThirtyFirstNeverDriftsToTheTwentyEighth(rrule: String, expected: [String]) throws {
        let store = try memoryStore()
        try store.save(repeatingReminder(rrule, due: "20260131T100000"))
        #expect(try completeRepeatedly(store, 4).map { $0.nextDue?.compact } == expected)
    }

    @Test func completingLateAdvancesOneOccurrenceNotToToday() throws {
        let store = try memoryStore()
        try store.save(repeatingReminder("FREQ=DAILY", due: "20260105T090000", zone: "America/New_York"))
        let late = CivilDateTime(compact: "20260120T153000", zone: "America/New_York").instant()
        let result = try store.complete(id: uuid(1), completionDate: late)
        #expect(result.nextDue?.compact == "20260106T090000")
        #expect(try store.history(ofSeries: uuid(1)).first?.completionDate == late)
    }

    @Test func fromCompletionRestartsAfterTheCompletionKeepingTheTimeOfDay() throws {
        let store = try memoryStore()
        try store.save(
            repeatingReminder(
                "FREQ=DAILY;INTERVAL=3", due: "20260105T090000", zone: "America/New_York",
                fromCompletion: true))
        let late = CivilDateTime(compact: "20260110T143000", zone: "America/New_York").instant()
        #expect(try store.complete(id: uuid(1), completionDate: late).nextDue?.compact == "20260113T090000")
        // Completed an hour early: the next one is not the one just completed.
        let early = CivilDateTime(compact: "20260113T080000", zone: "America/New_York").instant()
        #expect(try store.complete(id: uuid(1), completionDate: early).nextDue?.compact == "20260116T090000")
    }

    @Test func fromCompletionWithALateCompletionBeforeTheTimeOfDayIsDueThatDay() throws {
        let store = try memoryStore()
        try store.save(repeatingReminder("FREQ=DAILY", due: "20260105T090000", zone: "America/New_York", fromCompletion: true))
        let morning = CivilDateTime(compact: "20260120T070000", zone: "America/New_York").instant()
        #expect(
            try store.complete(id: uuid(1), completionDate: morning).nextDue
                == CivilDateTime(compact: "20260120T090000", zone: "America/New_York"))
    }

    @Test func fromCompletionCountCountsCompletedOccurrences() throws {
        let store = try memoryStore()
        try store.save(repeatingReminder("FREQ=WEEKLY;COUNT=2", due: "20260105", fromCompletion: true))
        let completion = CivilDateTime(compact: "20260108T120000").instant(floatingZone: TimeZone(identifier: "UTC")!)
        let results = try completeRepeatedly(store, 2, at: completion)
        #expect(results.map(\.outcome) == [.advanced, .completed])
        #expect(results[0].nextDue?.compact == "20260115")
    }

    @Test func dailyNineOClockInNewYorkStaysAtNineAcrossTheMarchChange() throws {
        let store = try memoryStore()
        let newYork = "America/New_York"
        let alarmAt = CivilDateTime(compact: "20260307T084500", zone: newYork).instant()
        try store.save(repeatingReminder("FREQ=DAILY", due: "20260307T090000", zone: newYork, alarms: [.absolute(alarmAt)]))
        let results = try completeRepeatedly(store, 2)
        #expect(
            results.map(\.nextDue) == [
                CivilDateTime(compact: "20260308T090000", zone: newYork),
                CivilDateTime(compact: "20260309T090000", zone: newYork),
            ])
        let first = CivilDateTime(compact: "20260307T090000", zone: newYork).instant()
        let second = try #require(results[0].nextDue).instant()
        #expect(second.timeIntervalSince(first) == 82_800)
        // The 08:45 EST alarm moved by the same 23 hours: 08:45 EDT.
        #expect(
            results[0].reminder.alarms.first?.trigger
                == .absolute(date: CivilDateTime(compact: "20260308T084500", zone: newYork).instant()))
        #expect(
            results[1].reminder.alarms.first?.trigger
                == .absolute(date: CivilDateTime(compact: "20260309T084500", zone: newYork).instant()))
    }

    @Test func aTimeTheSpringForwardSkipsMovesByTheGapThatDayOnly() throws {
        let store = try memoryStore()
        try store.save(repeatingReminder("FREQ=DAILY", due: "20260307T023000", zone: "America/New_York"))
        #expect(try completeRepeatedly(store, 2).map { $0.nextDue?.compact } == ["20260308T033000", "20260309T023000"])
    }

    @Test func fromCompletionDropsCountFromTheRestartedRule() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=MONTHLY;BYDAY=-1FR;COUNT=6", fromCompletion: true)
        #expect(rule.withoutCount.rrule == "FREQ=MONTHLY;BYDAY=-1FR")
        #expect(rule.withoutCount.fromCompletion)
    }

    @Test func allDaySeriesStaysDateOnly() throws {
        let store = try memoryStore()
        try store.save(repeatingReminder("FREQ=WEEKLY;BYDAY=MO,TH", due: "20260105", start: "20260103"))
        let results = try completeRepeatedly(store, 2)
        #expect(results.map(\.nextDue) == [CivilDateTime(year: 2026, month: 1, day: 8), CivilDateTime(year: 2026, month: 1, day: 12)])
        #expect(
            results.map(\.reminder.startDate) == [
                CivilDateTime(year: 2026, month: 1, day: 6),
                CivilDateTime(year: 2026, month: 1, day: 10),
            ])
    }

    @Test func floatingSeriesStaysFloating() throws {
        let store = try memoryStore()
        try store.save(repeatingReminder("FREQ=DAILY;INTERVAL=2", due: "20261231T073000"))
        let result = try store.complete(id: uuid(1))
        #expect(result.nextDue == CivilDateTime(year: 2027, month: 1, day: 2, time: TimeOfDay(hour: 7, minute: 30)))
        #expect(try store.reminder(id: uuid(1))?.dueDate == result.nextDue)
    }

    @Test func absoluteAlarmsShiftAndEveryAlarmIsRearmed() throws {
        let store = try memoryStore()
        let bakery = StructuredLocation(title: "Bakery", latitude: 48.85, longitude: 2.35, radius: 100)
        let oneHourBefore = CivilDateTime(compact: "20260105T080000", zone: "Europe/Paris").instant()
        let fired = date(789_000_000), acknowledged = date(789_000_060)
        let alarms = [
            Alarm(id: uuid(11), trigger: .absolute(date: oneHourBefore), firedDate: fired, acknowledgedDate: acknowledged),
            Alarm(id: uuid(12), trigger: .relative(offset: -900), firedDate: fired),
            Alarm(id: uuid(13), trigger: .location(location: bakery, proximity: .enter), firedDate: fired, acknowledgedDate: acknowledged),
        ]
        try store.save(
            repeatingReminder(
                "FREQ=MONTHLY", due: "20260105T090000", zone: "Europe/Paris",
                start: "20260103T090000", alarms: alarms))
        let result = try store.complete(id: uuid(1))
        let live = try #require(try store.reminder(id: uuid(1)))
        #expect(live == result.reminder)
        #expect(live.dueDate?.compact == "20260205T090000")
        #expect(live.startDate == CivilDateTime(compact: "20260203T090000", zone: "Europe/Paris"))
        #expect(!live.isCompleted)
        #expect(
            live.alarms == [
                Alarm(id: uuid(11), trigger: .absolute(date: CivilDateTime(compact: "20260205T080000", zone: "Europe/Paris").instant())),
                Alarm(id: uuid(12), trigger: .relative(offset: -900)),
                Alarm(id: uuid(13), trigger: .location(location: bakery, proximity: .enter)),
            ])
        let copy = try #require(try store.history(ofSeries: uuid(1)).first)
        #expect(copy.id == result.historyCopyID)
        #expect(copy.dueDate?.compact == "20260105T090000")
        #expect(copy.startDate?.compact == "20260103T090000")
        #expect(copy.recurrenceRules.isEmpty)
        #expect(copy.alarms.map(\.trigger) == alarms.map(\.trigger))
        #expect(copy.alarms.map(\.firedDate) == [fired, fired, fired])
        #expect(copy.alarms.map(\.acknowledgedDate) == [acknowledged, nil, acknowledged])
        #expect(Set(copy.alarms.map(\.id)).isDisjoint(with: [uuid(11), uuid(12), uuid(13)]))
    }

    @Test func completionDateIsTheStoreClockUnlessGiven() throws {
        let clock = TestClock(800_000_000)
        let store = try memoryStore(clock: clock)
        try store.save(repeatingReminder("FREQ=DAILY", due: "20260105T090000", zone: "Europe/Paris"))
        clock.advance(60)
        let result = try store.complete(id: uuid(1))
        #expect(try store.history(ofSeries: uuid(1)).map(\.completionDate) == [date(800_000_060)])
        #expect(result.reminder.completionDate == nil)
        #expect(result.reminder.lastModifiedDate == date(800_000_060))
    }

    @Test func aNonRepeatingReminderCompletesAsBefore() throws {
        let clock = TestClock(800_000_000)
        let store = try memoryStore(clock: clock)
        try store.save(Reminder(id: uuid(1), title: "Post the letter", dueDate: CivilDateTime(compact: "20260105")))
        let result = try store.complete(id: uuid(1))
        #expect(result == CompletionResult(outcome: .completed, reminder: try #require(try store.reminder(id: uuid(1)))))
        #expect(result.reminder.completionDate == date(800_000_000))
        #expect(try store.reminders().count == 1)
        #expect(try store.complete(id: uuid(1)).outcome == .alreadyCompleted)
    }

    @Test func withSeveralRulesTheEarliestNextOccurrenceWins() throws {
        let series = RecurrenceSeries(
            rules: [try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=FR"), try RecurrenceRule(rrule: "FREQ=MONTHLY;BYMONTHDAY=7")],
            start: CivilDateTime(compact: "20260105"))
        let utc = TimeZone(identifier: "UTC")!
        #expect(
            series.nextDue(afterCompleting: CivilDateTime(compact: "20260105"), at: date(0), floatingZone: utc)
                == CivilDateTime(compact: "20260107"))
        #expect(
            series.nextDue(afterCompleting: CivilDateTime(compact: "20260107"), at: date(0), floatingZone: utc)
                == CivilDateTime(compact: "20260109"))
    }
}
