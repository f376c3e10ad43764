import CivilTime
import Foundation
import GeofenceEngine
import Testing

@testable import GeoReminders

/// Absolute and relative alarms: they fire iff the span of admitted fix times covers their instant.
@Suite struct TimeAlarmEvaluationTests {
    @Test func absoluteAlarmsFireInsideTheSpanOfAdmittedFixesStampedWithTheirOwnDate() throws {
        let store = try store(with: [
            reminder(1, "before", alarms: [timed(1, at: -0.5)]),
            reminder(2, "at first fix", created: 1, alarms: [timed(2, at: 0)]),
            reminder(3, "between", created: 2, alarms: [timed(3, at: 150.25)]),
            reminder(4, "at last fix", created: 3, alarms: [timed(4, at: 300)]),
            reminder(5, "after", created: 4, alarms: [timed(5, at: 300.5)]),
        ])
        // A bad fix at 400 and an out-of-order one at -10 do not widen the span.
        let fixes = [
            fixAt(0, outside), fixAt(100, outside), Fix(time: date(streamStart + 400), latitude: 95, longitude: 0),
            fixAt(300, outside), fixAt(-10, outside),
        ]
        #expect(try evaluate(store, fixes).events == ["0 time at first fix", "150.25 time between", "300 time at last fix"])
    }

    @Test func noAdmittedFixMeansNoTimeAlarm() throws {
        let store = try store(with: [reminder(1, "at 0", alarms: [timed(1, at: 0)])])
        #expect(try evaluate(store, []).events == [])
        #expect(try evaluate(store, [Fix(time: nil, latitude: 48, longitude: 2)]).events == [])
    }

    @Test func aTimeAlarmComesBeforeTheTransitionsOfTheFixThatRevealsIt() throws {
        let store = try store(with: [
            reminder(1, "Buy milk", alarms: [arriving(1)]),
            reminder(2, "at 59", created: 5, alarms: [timed(2, at: 59)]),
            reminder(3, "at 60", created: 6, alarms: [timed(3, at: 60)]),
            reminder(4, "at 61", created: 7, alarms: [timed(4, at: 61)]),
        ])
        #expect(
            try evaluate(store, [fixAt(0, outside), fixAt(60, inside), fixAt(61, inside)]).events
                == ["59 time at 59", "60 time at 60", "60 enter Buy milk 55.6", "61 time at 61"])
    }

    /// Due dates: 2026-05-09T08:30Z −15 min, 10:00 Paris, all-day 2026-05-10 Paris −1 h, floating 12:00.
    /// The stream runs from 2026-05-09T06:13:20Z for one day.
    func relativeStore() throws -> ReminderStore {
        let utc = TimeZone(identifier: "UTC")!
        return try store(with: [
            reminder(
                1, "zoned", due: CivilDateTime(year: 2026, month: 5, day: 9, time: TimeOfDay(hour: 8, minute: 30), timeZone: utc),
                alarms: [Alarm(id: uuid(1001), trigger: .relative(offset: -900))]),
            reminder(
                2, "paris", created: 1,
                due: CivilDateTime(year: 2026, month: 5, day: 9, time: TimeOfDay(hour: 10, minute: 0), timeZone: paris),
                alarms: [Alarm(id: uuid(1002), trigger: .relative(offset: 0))]),
            reminder(
                3, "all-day", created: 2, due: CivilDateTime(year: 2026, month: 5, day: 10, timeZone: paris),
                alarms: [Alarm(id: uuid(1003), trigger: .relative(offset: -3600))]),
            reminder(
                4, "floating", created: 3, due: CivilDateTime(year: 2026, month: 5, day: 9, time: TimeOfDay(hour: 12, minute: 0)),
                alarms: [Alarm(id: uuid(1004), trigger: .relative(offset: 0))]),
            reminder(
                6, "next day", created: 5,
                due: CivilDateTime(year: 2026, month: 5, day: 10, time: TimeOfDay(hour: 6, minute: 13, second: 21), timeZone: utc),
                alarms: [Alarm(id: uuid(1006), trigger: .relative(offset: 0))]),
        ])
    }

    @Test func relativeAlarmsCountFromTheDueDateIncludingAllDayAndFloating() throws {
        let fixes = [fixAt(0, outside), fixAt(86_400, outside)]
        // 08:00Z paris = 6400 s, 08:15Z = 7300 s, floating 12:00Z = 20800 s, 2026-05-09T21:00Z = 53200 s.
        #expect(
            try evaluate(relativeStore(), fixes).events
                == ["6400 time paris", "7300 time zoned", "20800 time floating", "53200 time all-day"])
        // Floating read in New York (EDT): 16:00Z = 35200 s.
        #expect(
            try evaluate(relativeStore(), fixes, floatingZone: TimeZone(identifier: "America/New_York")!).events
                == ["6400 time paris", "7300 time zoned", "35200 time floating", "53200 time all-day"])
    }

    /// A device partition's evaluator (docs/scaling.md) arms no timed alarm: only one partition's
    /// owner fires them, so that several instances fire each once. Location alarms still fire.
    @Test func anEvaluatorThatFiresNoTimedAlarmsArmsNone() throws {
        let reminders = [reminder(1, "Buy milk", alarms: [arriving(1)]), reminder(2, "at 30", created: 5, alarms: [timed(2, at: 30)])]
        let fixes = [fixAt(0, outside), fixAt(60, inside)]
        for fires in [true, false] {
            let evaluator = try AlarmEvaluator(store: try store(with: reminders), mode: .dryRun, firesTimedAlarms: fires)
            #expect(evaluator.firesTimedAlarms == fires)
            #expect(evaluator.nextTimedAlarm == (fires ? date(streamStart + 30) : nil))
            var events: [String] = []
            try evaluator.feed(fixes) { events.append(describe($0)) }
            evaluator.advanceClock(to: date(streamStart + 120))
            try evaluator.finish { events.append(describe($0)) }
            #expect(events == (fires ? ["30 time at 30", "60 enter Buy milk 55.6"] : ["60 enter Buy milk 55.6"]))
        }
    }
}
