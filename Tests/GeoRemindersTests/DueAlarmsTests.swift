import CivilTime
import Foundation
import Testing

@testable import GeoReminders

/// `georemind due`: timed alarms due at or before a moment that have not fired.
@Suite struct DueAlarmsTests {
    @Test func dueAlarmsAreUnfiredTimedAlarmsOfIncompleteReminders() throws {
        var fired = timed(4, at: 10)
        fired.firedDate = date(streamStart + 10)
        let store = try store(with: [
            reminder(1, "later", alarms: [timed(1, at: 500)]),
            reminder(2, "second", created: 1, alarms: [timed(2, at: 100), arriving(9)]),
            reminder(3, "first", created: 2, alarms: [timed(3, at: 20)]),
            reminder(4, "fired", created: 3, alarms: [fired]),
            reminder(5, "done", created: 4, completed: true, alarms: [timed(5, at: 30)]),
            reminder(6, "tie", created: 5, alarms: [timed(6, at: 100)]),
            reminder(
                7, "relative", created: 6,
                due: CivilDateTime(
                    year: 2026, month: 5, day: 9, time: TimeOfDay(hour: 6, minute: 15), timeZone: TimeZone(identifier: "UTC")!),
                alarms: [Alarm(id: uuid(1007), trigger: .relative(offset: -60))]),
        ])
        let due = try store.dueAlarms(at: date(streamStart + 100), floatingZone: TimeZone(identifier: "UTC")!)
        // 06:14Z is 40 s after the stream start (06:13:20Z).
        #expect(due.map(describe) == ["20 time first", "40 time relative", "100 time second", "100 time tie"])
        #expect(due.map(\.alarm.id) == [uuid(1003), uuid(1007), uuid(1002), uuid(1006)])
        #expect(try store.dueAlarms(at: date(streamStart + 19)).isEmpty)
    }

    @Test func aCommittedRunRemovesWhatItFiredFromDue() throws {
        let store = try store(with: [
            reminder(1, "a", alarms: [timed(1, at: 20)]), reminder(2, "b", created: 1, alarms: [timed(2, at: 80)]),
        ])
        _ = try evaluate(store, [fixAt(0, outside), fixAt(50, outside)], mode: .commit)
        #expect(try store.dueAlarms(at: date(streamStart + 100)).map(describe) == ["80 time b"])
    }
}
