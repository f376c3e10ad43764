import Foundation
import GeofenceEngine
import Testing

@testable import GeoReminders

/// Location alarms: which transitions fire them, how often, in which order.
@Suite struct AlarmEvaluatorTests {
    /// Outside, in, out, in again, out again: one walk for most tests.
    let walk = [fixAt(0, outside), fixAt(60, inside), fixAt(120, 0.0015), fixAt(180, 0.0008), fixAt(240, outside)]

    @Test func severalRemindersOnOnePlaceEachFireOnTheirFirstMatchingTransition() throws {
        let store = try store(with: [
            reminder(1, "Buy milk", created: 1, alarms: [arriving(1)]),
            reminder(2, "Call Ann", created: 2, alarms: [arriving(2)]),
            reminder(3, "Lock up", created: 3, alarms: [leaving(3)]),
        ])
        let result = try evaluate(store, walk)
        #expect(
            result.events == [
                "60 enter Buy milk 55.6",
                "60 enter Call Ann 55.6",
                "120 leave Lock up 166.8",
            ])
        #expect(
            result.summary
                == EvaluationSummary(
                    admitted: 5, rejected: [.badCoordinates: 0, .noTime: 0, .badTime: 0],
                    dropped: [.outOfOrder: 0, .lowAccuracy: 0, .duplicate: 0, .tooFrequent: 0, .implausibleSpeed: 0], events: 3))
    }

    @Test func theFirstFixDecidesWithoutFiringUnlessInitialTrigger() throws {
        let store = try store(with: [reminder(1, "Buy milk", alarms: [arriving(1)])])
        let fixes = [fixAt(0, inside), fixAt(60, outside), fixAt(120, 0.0008)]
        #expect(try evaluate(store, fixes).events == ["120 enter Buy milk 89.0"])
        #expect(try evaluate(store, fixes, options: EngineOptions(initialTrigger: true)).events == ["0 enter Buy milk 55.6"])
    }

    @Test func anyDeviceFiresAndOnlyTheFirstTransitionCounts() throws {
        let store = try store(with: [
            reminder(1, "Buy milk", alarms: [arriving(1)]), reminder(2, "Lock up", created: 1, alarms: [leaving(2)]),
        ])
        let fixes = [
            fixAt(0, outside, device: "phone"), fixAt(0, inside, device: "watch"),
            fixAt(30, outside, device: "watch"),
            fixAt(50, inside, device: "phone"), fixAt(70, inside, device: "watch"),
            fixAt(90, outside, device: "phone"),
        ]
        #expect(try evaluate(store, fixes).events == ["30 leave Lock up 556.0 @watch", "50 enter Buy milk 55.6 @phone"])
    }

    @Test func tiesGoTimeThenLeaveThenEnterThenCreationDateThenID() throws {
        let far = StructuredLocation(title: "Depot", latitude: office.latitude + 0.01, longitude: office.longitude, radius: 300)
        let store = try store(with: [
            // Created in this order: ids deliberately not in creation order.
            reminder(9, "B", created: 1, alarms: [arriving(1)]),
            reminder(3, "C", created: 2, alarms: [arriving(2)]),
            reminder(7, "A", created: 1, alarms: [arriving(3)]),
            reminder(4, "depot", created: 5, alarms: [leaving(4, at: far)]),
            reminder(5, "at 60", created: 9, alarms: [timed(5, at: 60)]),
        ])
        // One fix at t=60 leaves the depot (0.0105 → 0.0005 is 1.1 km) and enters the office.
        let fixes = [fixAt(0, 0.0105), fixAt(60, inside)]
        let events = try evaluate(store, fixes).events
        #expect(
            events == [
                "60 time at 60", "60 leave depot 1056.5", "60 enter A 55.6", "60 enter B 55.6", "60 enter C 55.6",
            ])
    }

    @Test func completedRemindersAndFiredOrInertAlarmsAreIgnored() throws {
        var fired = arriving(2)
        fired.firedDate = date(streamStart - 100)
        let inert = Alarm(id: uuid(1003), trigger: .location(location: office, proximity: .none))
        let store = try store(with: [
            reminder(1, "done", completed: true, alarms: [arriving(1)]),
            reminder(2, "already fired", alarms: [fired]),
            reminder(3, "no proximity", alarms: [inert]),
            reminder(4, "open", alarms: [arriving(4)]),
        ])
        #expect(try evaluate(store, walk).events == ["60 enter open 55.6"])
    }

    @Test func hysteresisAndMaxAccuracyComeFromTheCaller() throws {
        let store = try store(with: [reminder(1, "Lock up", alarms: [leaving(1)])])
        // 0.0015 is 166.8 m: outside 100 m, but within a 100 m hysteresis band.
        let fixes = [fixAt(0, inside), fixAt(60, 0.0015), fixAt(120, 0.003, accuracy: 80), fixAt(180, outside)]
        let result = try evaluate(store, fixes, options: EngineOptions(hysteresis: 100, maxAccuracy: 50))
        #expect(result.events == ["180 leave Lock up 556.0"])
        #expect(result.summary.dropped == [.outOfOrder: 0, .lowAccuracy: 1, .duplicate: 0, .tooFrequent: 0, .implausibleSpeed: 0])
    }

    @Test func rejectedAndDroppedFixesAreCountedByReason() throws {
        let store = try store(with: [reminder(1, "Buy milk", alarms: [arriving(1)])])
        let fixes = [
            fixAt(0, outside), Fix(time: nil, latitude: 48, longitude: 2), fixAt(10, 91), fixAt(20, outside),
            fixAt(5, inside), fixAt(25, inside, accuracy: 500), fixAt(30, inside, accuracy: 5),
        ]
        let result = try evaluate(store, fixes, options: EngineOptions(maxAccuracy: 100))
        #expect(result.events == ["30 enter Buy milk 55.6"])
        #expect(
            result.summary
                == EvaluationSummary(
                    admitted: 3, rejected: [.badCoordinates: 1, .noTime: 1, .badTime: 0],
                    dropped: [.outOfOrder: 1, .lowAccuracy: 1, .duplicate: 0, .tooFrequent: 0, .implausibleSpeed: 0], events: 1))
    }

    @Test func eventsCarryTheReminderAlarmPlaceAndFix() throws {
        let store = try store(with: [reminder(1, "Buy milk", created: 4, priority: 1, alarms: [arriving(1)])])
        let evaluator = try AlarmEvaluator(store: store, mode: .dryRun)
        var events: [AlarmEvent] = []
        try evaluator.feed([fixAt(0, outside, device: "phone"), fixAt(60, inside, device: "phone")]) { events.append($0) }
        try evaluator.finish { events.append($0) }
        #expect(
            events == [
                AlarmEvent(
                    time: date(streamStart + 60), kind: .enter,
                    reminder: .init(id: uuid(1), title: "Buy milk", priority: 1, creationDate: date(streamStart + 4)),
                    alarm: arriving(1), location: office, fix: fixAt(60, inside, device: "phone"), distance: events.first?.distance)
            ])
        #expect(abs((events.first?.distance ?? 0) - 55.603) < 0.001)
    }

    @Test func eventsRoundTripThroughJSON() throws {
        let event = AlarmEvent(
            time: date(5), kind: .leave, reminder: .init(id: uuid(1), title: "t", priority: 5, creationDate: date(1)),
            alarm: leaving(1), location: office, fix: fixAt(5, inside, device: "d", accuracy: 3), distance: 55.5)
        let data = try JSONEncoder().encode(event)
        #expect(try JSONDecoder().decode(AlarmEvent.self, from: data) == event)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect((object?["fix"] as? [String: Any])?.keys.sorted() == ["accuracy", "device", "latitude", "longitude", "time"])
        #expect(object?["kind"] as? String == "leave")
    }

    @Test func theSummaryEncodesReasonsAsKebabCaseKeys() throws {
        let summary = EvaluationSummary(
            admitted: 3, rejected: [.badCoordinates: 1, .noTime: 0],
            dropped: [.outOfOrder: 2, .lowAccuracy: 0, .duplicate: 0, .tooFrequent: 0, .implausibleSpeed: 0], events: 1)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(summary), as: UTF8.self)
                == #"{"admitted":3,"dropped":{"duplicate":0,"implausible-speed":0,"low-accuracy":0,"out-of-order":2,"too-frequent":0},"events":1,"rejected":{"bad-coordinates":1,"no-time":0}}"#
        )
    }

    @Test func feedingAfterFinishThrows() throws {
        let evaluator = try AlarmEvaluator(store: try store(with: []), mode: .dryRun)
        try evaluator.finish { _ in }
        #expect(throws: EvaluationError.finished) { try evaluator.feed(fixAt(0, inside)) { _ in } }
    }
}
