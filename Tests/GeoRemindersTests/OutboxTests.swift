import Foundation
import GRDB
import GeofenceEngine
import TestSupport
import Testing

@testable import GeoReminders

/// The outbox: a row for each committed firing, in its transaction, never without it, never twice.
@Suite struct OutboxTests {
    let reminders = [
        reminder(1, "Leave office", created: 1, alarms: [leaving(1)]),
        reminder(2, "Back at office", created: 2, alarms: [arriving(2)]),
        reminder(3, "Call mum", created: 3, alarms: [timed(3, at: 30)]),
    ]
    let fixes = [fixAt(0, inside, device: "phone"), fixAt(60, outside, device: "phone"), fixAt(120, inside, device: "phone")]

    @Test func eachCommittedFiringHasOneRow() throws {
        // Recorded 1,000 s after the stream started: events more than 900 s old are late.
        let store = try store(with: reminders, clock: TestClock(streamStart + 1000))
        _ = try evaluate(store, fixes, mode: .commit)
        let events = try store.outboxEvents()
        #expect(events.map(\.sequence) == [1, 2, 3])
        #expect(events.map(\.type) == [.time, .leave, .arrive])
        #expect(events.map(\.reminder.title) == ["Call mum", "Leave office", "Back at office"])
        #expect(events.map(\.alarmID) == [uuid(1003), uuid(1001), uuid(1002)])
        #expect(events.map(\.device) == [nil, "phone", "phone"])
        #expect(events.map { $0.time.timeIntervalSinceReferenceDate - streamStart } == [30, 60, 120])
        #expect(events.map(\.late) == [true, true, false])
        #expect(events.map { $0.distance.map { ($0 * 1000).rounded() / 1000 } } == [nil, 556.035, 55.603])
        #expect(
            events[1].fix
                == OutboxEvent.FixRecord(
                    latitude: office.latitude + outside, longitude: office.longitude,
                    accuracy: nil, time: date(streamStart + 60)))
        #expect(events[1].location == OutboxEvent.PlaceRecord(title: "Office", latitude: 48.8566, longitude: 2.3522, radius: 100))
        #expect(events.allSatisfy { $0.recordedDate == date(streamStart + 1000) })
        #expect(
            events.map(\.id) == [
                EventID.make(reminderID: uuid(3), alarmID: uuid(1003), time: date(streamStart + 30)),
                EventID.make(reminderID: uuid(1), alarmID: uuid(1001), time: date(streamStart + 60)),
                EventID.make(reminderID: uuid(2), alarmID: uuid(1002), time: date(streamStart + 120)),
            ])
        #expect(try store.outboxEvent(id: events[1].id) == events[1])
        #expect(try store.outboxEvents(after: 2).map(\.sequence) == [3])
    }

    /// The id is ULID-shaped: 48 bits of milliseconds since 1970, then 80 bits of the firing's hash.
    @Test func eventIDIsStableAndTimeOrdered() {
        let id = EventID.make(reminderID: uuid(1), alarmID: uuid(1001), time: date(streamStart + 60))
        #expect(id == "evt_01KR5NYQK0ZABEXYHZX4EGA5F5")
        #expect(EventID.make(reminderID: uuid(1), alarmID: uuid(1001), time: date(streamStart + 60)) == id)
        #expect(EventID.make(reminderID: uuid(1), alarmID: uuid(1002), time: date(streamStart + 60)) != id)
        #expect(EventID.make(reminderID: uuid(9), alarmID: uuid(1009), time: date(streamStart + 61)) > id)
        #expect(EventID.make(reminderID: uuid(9), alarmID: uuid(1009), time: date(streamStart + 59)) < id)
        #expect(id.count == 30)
        // "01KR5NYQK0" is 1,778,307,260,000: the event time in milliseconds since 1970.
    }

    @Test func aReplayedFiringIsNotAddedTwice() throws {
        let store = try store(with: reminders)
        _ = try evaluate(store, fixes, mode: .commit)
        // The same firing committed again (its alarm re-armed by hand): same id, no second row.
        let first = try store.outboxEvents()[1]
        try store.setAlarmState(reminderID: uuid(1), alarmID: uuid(1001), firedDate: nil, acknowledgedDate: nil)
        let event = AlarmEvent(
            time: first.time, kind: .leave, reminder: first.reminder, alarm: reminders[0].alarms[0],
            location: office, fix: fixes[1], distance: first.distance)
        try store.commitEvaluation(firedEvents: [event], lateAfter: 900, state: Data(), forKey: "test") {}
        #expect(try store.outboxEvents().count == 3)
        // A replayed trace: the alarms have fired, nothing fires, nothing is added.
        #expect(try evaluate(store, fixes, mode: .commit).events == [])
        #expect(try store.outboxEvents().count == 3)
    }

    @Test func aFailedCommitLeavesNeitherFiringNorRow() throws {
        let store = try store(with: reminders)
        struct Injected: Error {}
        let evaluator = try AlarmEvaluator(store: store, mode: .commit)
        try evaluator.feed(fixes) { _ in }
        #expect(throws: Injected.self) { try evaluator.finish { _ in throw Injected() } }
        #expect(try store.outboxEvents() == [])
        #expect(try store.reminder(id: uuid(1))?.alarms[0].firedDate == nil)
    }

    /// The outbox insert itself fails (a trigger aborts it): the firing is rolled back with it.
    @Test func aFailedOutboxInsertRollsTheFiringBack() throws {
        let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
        let store = try ReminderStore(path: path, configuration: configuration())
        for reminder in reminders { _ = try store.save(reminder) }
        let saboteur = try DatabaseQueue(path: path)
        try saboteur.write { db in
            try db.execute(sql: "CREATE TRIGGER injected BEFORE INSERT ON outboxEvent BEGIN SELECT RAISE(ABORT, 'injected'); END")
        }
        var handedOut = 0
        let evaluator = try AlarmEvaluator(store: store, mode: .commit)
        try evaluator.feed(fixes) { _ in handedOut += 1 }
        #expect(throws: (any Error).self) { try evaluator.finish { _ in handedOut += 1 } }
        #expect(handedOut == 0)
        #expect(try store.reminder(id: uuid(1))?.alarms[0].firedDate == nil)
        try saboteur.write { db in try db.execute(sql: "DROP TRIGGER injected") }
        #expect(try store.outboxEvents() == [])
        // The next run fires and records both.
        #expect(try evaluate(store, fixes, mode: .commit).events.count == 3)
        #expect(try store.outboxEvents().count == 3)
        #expect(try store.reminder(id: uuid(1))?.alarms[0].firedDate == date(streamStart + 60))
    }

    @Test func aDeletedReminderGetsNoRow() throws {
        let store = try store(with: reminders)
        let evaluator = try AlarmEvaluator(store: store, mode: .commit)
        try evaluator.feed(fixes) { _ in }
        try store.remove(try #require(try store.reminder(id: uuid(1))))
        var titles: [String] = []
        try evaluator.finish { titles.append($0.reminder.title) }
        #expect(try store.outboxEvents().map(\.reminder.title) == ["Call mum", "Back at office"])
    }

    @Test func pruningKeepsWhatAnEndpointHasNotTaken() throws {
        let clock = TestClock(streamStart)
        let store = try store(with: reminders, clock: clock)
        let endpoint = try store.addWebhook(url: "http://127.0.0.1:9/hook", secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        _ = try evaluate(store, fixes, mode: .commit)
        clock.advance(31 * 86400)
        #expect(try store.pruneOutbox(keep: 30 * 86400) == 0)
        #expect(try store.queueOutboxEvents(endpointID: endpoint.id) == 3)
        #expect(try store.pruneOutbox(keep: 30 * 86400) == 0)
        let claimed = try store.claimWebhookDeliveries(endpointID: endpoint.id, owner: "t", lease: 10, limit: 8)
        // One queue (device "phone", and the time alarm's own): the heads only.
        #expect(claimed.map(\.event.sequence) == [1, 2])
        for delivery in claimed { try store.recordWebhookOutcome(.delivered(status: 204), for: delivery) }
        #expect(try store.pruneOutbox(keep: 30 * 86400) == 2)
        #expect(try store.outboxEvents().map(\.sequence) == [3])
    }

    @Test func eventFilters() throws {
        #expect(try EventTypeFilter(parsing: "alarm.*").matches(.time))
        #expect(try EventTypeFilter(parsing: "alarm.leave, alarm.time").patterns == ["alarm.leave", "alarm.time"])
        #expect(try !EventTypeFilter(parsing: "alarm.leave").matches(.arrive))
        #expect(throws: WebhookError.badEventFilter(text: "reminder.*")) { try EventTypeFilter(parsing: "alarm.time,reminder.*") }
        #expect(throws: WebhookError.badEventFilter(text: " ")) { try EventTypeFilter(parsing: " ") }
    }
}
