import Delivery
import Foundation
import GeoReminders
import GeofenceEngine
import Logging
import ReminderViews
import ServiceLifecycle
import TestSupport
import Testing

/// The dispatcher against a real HTTP receiver on loopback.
@Suite struct WebhookDeliveryTests {
    let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

    /// A store whose outbox holds `devices.count` arrivals, fired in that order by those devices' fixes.
    func storeWithEvents(devices: [String]) throws -> ReminderStore {
        let store = try ReminderStore.inMemory()
        let place = StructuredLocation(title: "Office", latitude: 48.8566, longitude: 2.3522)
        var events: [AlarmEvent] = []
        for (index, device) in devices.enumerated() {
            let alarm = Alarm(trigger: .location(location: place, proximity: .enter))
            let reminder = try store.save(Reminder(title: "R\(index)", alarms: [alarm]))
            let time = Date(timeIntervalSince1970: 1_795_000_000 + Double(index))
            events.append(
                AlarmEvent(
                    time: time, kind: .enter,
                    reminder: .init(
                        id: reminder.id, title: reminder.title, priority: 0,
                        creationDate: reminder.creationDate),
                    alarm: alarm, location: place,
                    fix: Fix(time: time, latitude: 48.8566, longitude: 2.3522, accuracy: 5, device: device),
                    distance: 0))
        }
        try store.commitEvaluation(firedEvents: events, lateAfter: 900, state: Data(), forKey: "test") {}
        return store
    }

    func options() -> DispatcherOptions {
        var options = DispatcherOptions()
        options.retry = RetryPolicy(base: 0.05, cap: 0.2, retryFor: 60)
        options.pollInterval = 0.02
        options.timeout = 2
        return options
    }

    /// Runs the dispatcher as a service until `body` returns.
    func dispatching(_ store: ReminderStore, options: DispatcherOptions, _ body: () async throws -> Void) async throws {
        let transport = HTTPWebhookTransport()
        let dispatcher = WebhookDispatcher(store: store, transport: transport, options: options)
        let task = Task { try await dispatcher.run() }
        try await body()
        task.cancel()
        _ = await task.result
        try await transport.shutdown()
    }

    @Test func retriedUntilAcceptedSameIDSignedInOrder() async throws {
        let receiver = try await WebhookReceiver(script: [500, 500])
        let store = try storeWithEvents(devices: ["a", "b", "a", "b"])
        let endpoint = try store.addWebhook(url: receiver.url, secret: secret)
        // Added after the firing: only what is recorded from now on goes there, unless replayed.
        #expect(try store.replayWebhookEvents(since: .distantPast) == 4)
        try await dispatching(store, options: options()) {
            try await receiver.wait { $0.filter { $0.status == 200 }.count == 4 }
            // The receiver answers before the dispatcher records the outcome: wait for the record.
            let deadline = ContinuousClock.now + .seconds(30)
            while try store.webhookEndpoint("\(endpoint.id)").pendingCount > 0, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        let requests = receiver.requests
        let key = try WebhookSecret(parsing: secret)
        for request in requests {
            try WebhookSignature.verify(
                id: request.id, timestamp: request.timestamp, signature: request.signature,
                body: request.body, secret: key)
        }
        let events = try store.outboxEvents()
        let accepted = requests.filter { $0.status == 200 }
        // Each event accepted exactly once; its failed attempts carried the same id.
        #expect(Set(accepted.map(\.id)) == Set(events.map(\.id)) && accepted.count == 4)
        #expect(requests.count == 6)
        let failedIDs = requests.filter { $0.status == 500 }.map(\.id)
        #expect(failedIDs.allSatisfy { id in accepted.contains { $0.id == id } })
        // Per device, in the order the events were recorded.
        for device in ["a", "b"] {
            let order = events.filter { $0.device == device }.map { Optional($0.id) }
            #expect(accepted.map(\.id).filter(order.contains) == order)
        }
        #expect(accepted[0].body == (try EventJSON.body(try #require(events.first { $0.id == accepted[0].id }))))
        let after = try store.webhookEndpoint("\(endpoint.id)")
        #expect(after.lastStatus == 200 && after.pendingCount == 0 && after.failingSince == nil && after.lastSuccessDate != nil)
        try await receiver.stop()
    }

    /// SIGTERM while a slow endpoint holds a request: the dispatcher claims nothing more but lets
    /// that request finish and records it, so a restart does not send it again.
    @Test func gracefulShutdownLetsRequestsInFlightFinish() async throws {
        let receiver = try await WebhookReceiver(script: [], delay: 1.5)
        let store = try storeWithEvents(devices: ["a", "a"])
        let endpoint = try store.addWebhook(url: receiver.url, secret: secret)
        #expect(try store.replayWebhookEvents(since: .distantPast) == 2)
        let transport = HTTPWebhookTransport()
        let dispatcher = WebhookDispatcher(store: store, transport: transport, options: options())
        let group = ServiceGroup(configuration: .init(services: [dispatcher], logger: Logger(label: "test")))
        let running = Task { try await group.run() }
        // The first event of device a is in flight (the second waits behind it, in order): the
        // receiver records a request when it arrives and answers 1.5 s later.
        let arrived = Date().addingTimeInterval(10)
        while receiver.requests.isEmpty, Date() < arrived { try await Task.sleep(for: .milliseconds(20)) }
        await group.triggerGracefulShutdown()
        try await running.value
        try await transport.shutdown()
        let after = try store.webhookEndpoint("\(endpoint.id)")
        #expect(receiver.requests.count == 1 && receiver.requests[0].status == 200)
        #expect(after.lastStatus == 200 && after.pendingCount == 1)
        try await receiver.stop()
    }

    @Test func goneDisablesTheEndpoint() async throws {
        let receiver = try await WebhookReceiver(script: [410])
        let store = try ReminderStore.inMemory()
        let endpoint = try store.addWebhook(url: receiver.url, secret: secret)
        let other = try await WebhookReceiver()
        _ = try store.addWebhook(url: other.url, secret: secret)
        try await withEvents(store, devices: ["a", "a", "a"])
        let transport = HTTPWebhookTransport()
        let tally = try await WebhookDispatcher(store: store, transport: transport, options: options()).runOnce()
        try await transport.shutdown()
        #expect(
            tally
                == {
                    var t = DeliveryTally(); t.delivered = 3; t.disabled = 1; return t
                }())
        #expect(receiver.requests.count == 1)
        #expect(other.requests.count == 3)
        let after = try store.webhookEndpoint("\(endpoint.id)")
        #expect(after.isDisabled && after.lastStatus == 410 && after.pendingCount == 0)
        try await receiver.stop()
        try await other.stop()
    }

    @Test func aSlowEndpointDelaysNoOther() async throws {
        let slow = try await WebhookReceiver(delay: 1.5)
        let fast = try await WebhookReceiver()
        let store = try ReminderStore.inMemory()
        _ = try store.addWebhook(url: slow.url, secret: secret)
        _ = try store.addWebhook(url: fast.url, secret: secret)
        try await withEvents(store, devices: (0..<20).map { "d\($0 % 4)" })
        try await dispatching(store, options: options()) {
            // Isolation, not speed: all twenty reach the fast endpoint while the slow one (1.5 s an
            // answer, per-device order) has taken at most a few.
            let got = try await fast.wait(timeout: 30) { $0.count == 20 }
            #expect(got.count == 20)
            #expect(slow.requests.count <= 4)
        }
        try await slow.stop()
        try await fast.stop()
    }

    @Test func filtersAndLatePolicy() async throws {
        let store = try ReminderStore.inMemory()
        let late = try store.addWebhook(
            url: "http://127.0.0.1:9/a", events: EventTypeFilter(parsing: "alarm.*"), acceptsLate: false, secret: secret)
        let leaves = try store.addWebhook(url: "http://127.0.0.1:9/b", events: EventTypeFilter(parsing: "alarm.leave"), secret: secret)
        try await withEvents(store, devices: ["a", "b"])
        // The events happened in 2026-11 and are recorded by the wall clock: late unless the test runs then.
        let isLate = try store.outboxEvents().map(\.late)
        #expect(try store.queueOutboxEvents(endpointID: late.id) == 2)
        #expect(try store.queueOutboxEvents(endpointID: leaves.id) == 2)
        #expect(try store.webhookEndpoint("\(late.id)").pendingCount == isLate.filter { !$0 }.count)
        #expect(try store.webhookEndpoint("\(leaves.id)").pendingCount == 0)
        #expect(throws: WebhookError.badURL(url: "ftp://x/y", reason: "it must start with http:// or https://")) {
            try store.addWebhook(url: "ftp://x/y", secret: secret)
        }
    }

    func withEvents(_ store: ReminderStore, devices: [String]) async throws {
        let place = StructuredLocation(title: "Office", latitude: 48.8566, longitude: 2.3522)
        var events: [AlarmEvent] = []
        for (index, device) in devices.enumerated() {
            let alarm = Alarm(trigger: .location(location: place, proximity: .enter))
            let reminder = try store.save(Reminder(title: "R\(index)", alarms: [alarm]))
            let time = Date(timeIntervalSince1970: 1_795_000_000 + Double(index))
            events.append(
                AlarmEvent(
                    time: time, kind: .enter,
                    reminder: .init(
                        id: reminder.id, title: reminder.title, priority: 0,
                        creationDate: reminder.creationDate),
                    alarm: alarm, location: place,
                    fix: Fix(time: time, latitude: 48.8566, longitude: 2.3522, accuracy: 5, device: device),
                    distance: 0))
        }
        try store.commitEvaluation(firedEvents: events, lateAfter: 900, state: Data(), forKey: "test") {}
    }
}
