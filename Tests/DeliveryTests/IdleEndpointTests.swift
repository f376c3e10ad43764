import Delivery
import Foundation
import GeoReminders
import GeofenceEngine
import Synchronization
import TestSupport
import Testing

/// Quiet endpoints cost nothing: a worker whose endpoint has no new events and nothing queued
/// does not touch the store between rounds (a server with hundreds of people's channels once spent
/// a whole core asking each of them every quarter second), and still delivers as soon as an event
/// comes.
@Suite struct IdleEndpointTests {
    /// The store, counting the calls a dispatcher makes per endpoint.
    final class CountingStore: DeliveryStore {
        let store: ReminderStore
        let queueCalls = Mutex(0)
        let claimCalls = Mutex(0)

        init(_ store: ReminderStore) { self.store = store }

        func webhookEndpoints() async throws -> [WebhookEndpoint] { try store.webhookEndpoints() }
        func isWebhookEnabled(id: Int64) async throws -> Bool { try store.isWebhookEnabled(id: id) }
        func lastOutboxSequence() async throws -> Int64 { try store.lastOutboxSequence() }
        func queueOutboxEvents(endpointID: Int64, limit: Int) async throws -> Int {
            queueCalls.withLock { $0 += 1 }
            return try store.queueOutboxEvents(endpointID: endpointID, limit: limit)
        }
        func claimWebhookDeliveries(endpointID: Int64, owner: String, lease: TimeInterval, limit: Int) async throws
            -> [WebhookDelivery]
        {
            claimCalls.withLock { $0 += 1 }
            return try store.claimWebhookDeliveries(endpointID: endpointID, owner: owner, lease: lease, limit: limit)
        }
        func recordWebhookOutcomes(_ outcomes: [(DeliveryOutcome, WebhookDelivery)]) async throws {
            try store.recordWebhookOutcomes(outcomes)
        }
        func pruneOutbox(keep: TimeInterval) async throws -> Int { try store.pruneOutbox(keep: keep) }
        func replayWebhookEvents(eventID: String?, since: Date?, endpointID: Int64?) async throws -> Int {
            try store.replayWebhookEvents(eventID: eventID, since: since, endpointID: endpointID)
        }
        func actionKey() async throws -> String { try store.actionKey() }
    }

    @Test func fiftyQuietChannelsAreNotAskedEachRoundAndAnEventStillGoesOut() async throws {
        let receiver = try await WebhookReceiver()
        let store = try ReminderStore.inMemory()
        for index in 0..<50 { _ = try store.addChannel(kind: .ntfy, target: "http://127.0.0.1:\(receiver.port)/t\(index)") }
        let counting = CountingStore(store)
        var options = DispatcherOptions()
        options.pollInterval = 0.02
        options.timeout = 2
        let transport = HTTPWebhookTransport()
        let dispatcher = WebhookDispatcher(store: counting, transport: transport, options: options)
        let task = Task { try await dispatcher.run() }

        // A second of 20 ms rounds: each worker looks once (it has not been told yet that there
        // is nothing) and then only when the dispatcher's look at all endpoints says so.
        try await Task.sleep(for: .seconds(1))
        let quiet = (queue: counting.queueCalls.withLock { $0 }, claim: counting.claimCalls.withLock { $0 })
        #expect(quiet.queue <= 2 * 50, "\(quiet)")
        #expect(quiet.claim <= 2 * 50, "\(quiet)")

        // One event: every channel (the store has one account) gets it.
        let place = StructuredLocation(title: "Shop", latitude: 48.1, longitude: 11.5)
        let alarm = Alarm(trigger: .location(location: place, proximity: .enter))
        let reminder = try store.save(Reminder(title: "Buy milk", alarms: [alarm]))
        let time = Date(timeIntervalSince1970: 1_795_000_000)
        let event = AlarmEvent(
            time: time, kind: .enter,
            reminder: .init(id: reminder.id, title: reminder.title, priority: 0, creationDate: reminder.creationDate),
            alarm: alarm, location: place, fix: Fix(time: time, latitude: 48.1, longitude: 11.5, accuracy: 5, device: "phone"),
            distance: 0)
        try store.commitEvaluation(firedEvents: [event], lateAfter: 900, state: Data(), forKey: "test") {}
        let deadline = Date().addingTimeInterval(10)
        while receiver.requests.count < 50, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        task.cancel()
        _ = await task.result
        try await transport.shutdown()
        try await receiver.stop()
        #expect(Set(receiver.requests.map(\.path)) == Set((0..<50).map { "/t\($0)" }))
    }
}
