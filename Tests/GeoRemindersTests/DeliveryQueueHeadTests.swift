import Foundation
import GeofenceEngine
import TestSupport
import Testing

@testable import GeoReminders

/// Which queued deliveries a claim takes: the oldest due, unleased event of each device, oldest
/// first, found among the oldest rows when devices are many and by grouping every queue when one
/// device's backlog fills that window.
@Suite struct DeliveryQueueHeadTests {
    /// One arrival per entry of `devices`, in that order (sequence 1, 2, …), queued for one endpoint.
    func queued(devices: [String]) throws -> (ReminderStore, Int64) {
        let store = try memoryStore(clock: TestClock(streamStart))
        let endpoint = try store.addWebhook(url: "http://127.0.0.1:9/hook", secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        let place = StructuredLocation(title: "Depot", latitude: 48.8566, longitude: 2.3522)
        var events: [AlarmEvent] = []
        for (index, device) in devices.enumerated() {
            let saved = try store.save(
                Reminder(title: "Delivery \(index)", alarms: [Alarm(trigger: .location(location: place, proximity: .enter))]),
                commit: false)
            let time = date(streamStart + Double(index))
            events.append(
                AlarmEvent(
                    time: time, kind: .enter,
                    reminder: .init(id: saved.id, title: saved.title, priority: 0, creationDate: saved.creationDate),
                    alarm: saved.alarms[0], location: place,
                    fix: Fix(time: time, latitude: 48.8566, longitude: 2.3522, device: device), distance: 0))
        }
        try store.commit()
        try store.commitEvaluation(firedEvents: events, lateAfter: 900, state: Data(), forKey: "test") {}
        #expect(try store.queueOutboxEvents(endpointID: endpoint.id, limit: 10_000) == devices.count)
        return (store, endpoint.id)
    }

    func claim(_ store: ReminderStore, _ endpoint: Int64, limit: Int) throws -> [Int64] {
        try store.claimWebhookDeliveries(endpointID: endpoint, owner: "t", lease: 60, limit: limit).map(\.event.sequence)
    }

    @Test func manyDevicesHandOutTheirHeadsOldestFirstAndSkipLeasedOnes() throws {
        // 50 devices, three events each, interleaved: events 1–50 are the heads.
        let (store, endpoint) = try queued(devices: (0..<150).map { "phone-\($0 % 50)" })
        let first = try store.claimWebhookDeliveries(endpointID: endpoint, owner: "t", lease: 60, limit: 8)
        #expect(first.map(\.event.sequence) == Array(1...8))
        #expect(try claim(store, endpoint, limit: 8) == Array(9...16))
        try store.recordWebhookOutcomes(first.map { (.delivered(status: 204), $0) })
        // Devices 0–7 now have heads 51–58, behind the 34 untouched heads 17–50.
        #expect(try claim(store, endpoint, limit: 40) == Array(17...50) + Array(51...56))
    }

    @Test func aHeadWaitingForItsRetryHoldsBackItsDevicesLaterEvents() throws {
        let (store, endpoint) = try queued(devices: ["a", "b", "a", "b", "a"])
        let heads = try store.claimWebhookDeliveries(endpointID: endpoint, owner: "t", lease: 60, limit: 8)
        #expect(heads.map(\.event.sequence) == [1, 2])
        try store.recordWebhookOutcomes([
            (.retry(status: 503, error: nil, retryAt: date(streamStart + 600)), heads[0]), (.delivered(status: 204), heads[1]),
        ])
        #expect(try claim(store, endpoint, limit: 8) == [4])
    }

    @Test func oneDevicesLongBacklogDoesNotHideAnotherDevicesHead() throws {
        // 200 events of one car fill the window of oldest rows with rows behind its head; the phone's
        // one event comes after them and must still be found.
        let (store, endpoint) = try queued(devices: Array(repeating: "car", count: 200) + ["phone"])
        #expect(try claim(store, endpoint, limit: 2) == [1, 201])
        #expect(try claim(store, endpoint, limit: 2) == [])
    }
}
