import Delivery
import Foundation
import GeoReminders
import GeofenceEngine
import PostgresNIO
import SharedStore
import Synchronization
import TestSupport
import Testing

/// Webhook delivery shared by several instances on one PostgreSQL (TestSupport's real server) and
/// one real HTTP receiver on loopback: each event posted by one instance at a time, at least once;
/// a dead instance's claims completed by another after their lease; and the endpoint cursor never
/// passing an outbox event that commits after a later-drawn one.
@Suite(.serialized) struct SharedDeliveryTests {
    let server: PostgresServer
    let address: PostgresAddress
    let connections: OpenConnections
    let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

    init() throws {
        server = try PostgresServer()
        address = try PostgresAddress(parsing: try server.createDatabase("fleet"))
        connections = OpenConnections(address)
    }

    @Test func twoInstancesPostEachEventOnceAtATimeInDeviceOrder() async throws {
        let receiver = try await WebhookReceiver(delay: 0.05)
        let events = try await seed(endpoint: receiver.url, devices: (0..<60).map { "d\($0 % 10)" })
        let tracker = PostTracker()
        let instances = try await [instance("a", tracker), instance("b", tracker)]
        try await running(instances) {
            try await receiver.wait(timeout: 60) { $0.count >= events.count }
            try await waitUntilNothingPending(instances[0].store)
        }
        let received = receiver.requests
        // All delivered, each once: no event was posted twice, let alone by two instances at once.
        #expect(received.count == events.count)
        #expect(Set(received.compactMap(\.id)) == Set(events.map(\.id)))
        #expect(tracker.overlaps.withLock { $0 } == [])
        // Both instances took their share.
        #expect(instances.allSatisfy { $0.transport.posted.withLock { !$0.isEmpty } })
        // Per device, in the order recorded, though two instances sent them.
        for device in (0..<10).map({ "d\($0)" }) {
            let order = events.filter { $0.device == device }.map(\.id)
            #expect(received.compactMap(\.id).filter(order.contains) == order)
        }
        let key = try WebhookSecret(parsing: secret)
        for request in received {
            try WebhookSignature.verify(
                id: request.id, timestamp: request.timestamp, signature: request.signature, body: request.body, secret: key)
        }
        try await close(instances)
        try await receiver.stop()
    }

    @Test func aDeadInstancesClaimsAreTakenByAnotherAfterTheirLease() async throws {
        let receiver = try await WebhookReceiver()
        let events = try await seed(endpoint: receiver.url, devices: ["d0", "d1", "d2", "d3", "d0", "d1", "d2", "d3"])
        // The dead instance queued and claimed two device heads, then stopped: no outcome, no renewal.
        let dead = try await SharedDelivery.open(address)
        #expect(try await dead.queueOutboxEvents(endpointID: 1, limit: 1000) == 8)
        let claimedAt = Date()
        let claimed = try await dead.claimWebhookDeliveries(endpointID: 1, owner: "dead", lease: 2, limit: 2)
        #expect(claimed.map(\.event.id) == [events[0].id, events[1].id])
        #expect(try server.psql("SELECT count(*) FROM webhookDelivery WHERE leaseOwner = 'dead'", database: "fleet") == "2\n")

        let tracker = PostTracker()
        let survivor = try await instance("survivor", tracker)
        try await running([survivor]) {
            // The other devices' events go out at once; d0 and d1 wait behind the dead claims.
            let early = try await receiver.wait(timeout: 10) { $0.count >= 4 }
            #expect(Set(early.prefix(4).compactMap(\.id)) == Set([2, 3, 6, 7].map { events[$0].id }))
            try await receiver.wait(timeout: 30) { $0.count >= 8 }
            try await waitUntilNothingPending(survivor.store)
        }
        let received = receiver.requests.compactMap(\.id)
        #expect(received.count == 8 && Set(received) == Set(events.map(\.id)))
        // Not before the lease ran out (2 s from the claim, on the server's clock), then in device order.
        for delivery in claimed {
            let posted = try #require(survivor.transport.posted.withLock { $0.first { $0.id == delivery.event.id }?.at })
            #expect(posted.timeIntervalSince(claimedAt) >= 2)
        }
        #expect(received.firstIndex(of: events[0].id)! < received.firstIndex(of: events[4].id)!)
        #expect(received.firstIndex(of: events[1].id)! < received.firstIndex(of: events[5].id)!)
        #expect(try server.psql("SELECT count(*) FROM webhookDelivery", database: "fleet") == "0\n")
        await dead.close()
        try await close([survivor])
        try await receiver.stop()
    }

    /// A retried delivery, a 410 and a filter that takes nothing leave the same endpoint and queue
    /// state on PostgreSQL as on SQLite, and the same tally.
    @Test func outcomesAreRecordedAsOnSQLite() async throws {
        let retried = try await WebhookReceiver(script: [500, 500])
        let gone = try await WebhookReceiver(script: [410, 410])
        var events: [AlarmEvent] = []
        let sqlite = try await seededStore { store in
            _ = try store.addWebhook(url: retried.url, secret: secret)
            _ = try store.addWebhook(url: gone.url, secret: secret)
            _ = try store.addWebhook(url: "http://127.0.0.1:9/leaves", events: EventTypeFilter(parsing: "alarm.leave"), secret: secret)
            for index in 0..<3 {
                let reminder = try store.save(
                    Reminder(title: "R\(index)", alarms: [Alarm(trigger: .location(location: Self.office, proximity: .enter))]))
                events.append(Self.arrival(reminder, device: "a", second: Double(index)))
            }
            try store.commitEvaluation(firedEvents: events, lateAfter: 900, state: Data(), forKey: "test") {}
        }
        let shared = try await SharedDelivery.open(address)
        var tallies: [DeliveryTally] = []
        var states: [[String]] = []
        for store in [sqlite, shared] as [any DeliveryStore] {
            let transport = HTTPWebhookTransport()
            var options = DispatcherOptions()
            options.retry = RetryPolicy(base: 60, cap: 60, retryFor: 3600)
            tallies.append(try await WebhookDispatcher(store: store, transport: transport, options: options).runOnce())
            try await transport.shutdown()
            states.append(
                try await store.webhookEndpoints().map {
                    "\($0.id) cursor \($0.cursor) status \($0.lastStatus ?? 0) \($0.lastError ?? "-") pending \($0.pendingCount) "
                        + "\($0.isDisabled ? "disabled" : "enabled") \($0.failingSince == nil ? "ok" : "failing")"
                })
        }
        #expect(tallies[0] == tallies[1])
        #expect(tallies[1].retrying == 1 && tallies[1].disabled == 1 && tallies[1].delivered == 0)
        #expect(states[0] == states[1])
        #expect(
            states[1] == [
                "1 cursor 3 status 500 - pending 3 enabled ok", "2 cursor 3 status 410 Gone: disabled pending 0 disabled ok",
                "3 cursor 3 status 0 - pending 0 enabled ok",
            ])
        // The retried head: one attempt made, the next 30 to 60 s later (equal jitter), no lease left.
        #expect(
            try server.psql(
                "SELECT eventSequence, attempts, leaseOwner IS NULL, nextAttemptDate >= firstAttemptDate + 29 FROM webhookDelivery WHERE attempts > 0",
                database: "fleet") == "1|1|t|t\n")
        #expect(retried.requests.map(\.id) == [events[0].id, events[0].id])
        await shared.close()
        try await retried.stop()
        try await gone.stop()
    }

    /// Two evaluation commits on two partitions: the first draws outbox sequence 1 and stays open;
    /// the second, drawing after it, would commit sequence 2 first and a queue pass between the two
    /// commits would move the cursor past 1 for good. The append turn makes the second wait for
    /// the first, so the cursor passes neither too early.
    @Test func theCursorNeverPassesAnEventCommittedAfterALaterSequence() async throws {
        let sqlite = try await seededStore { store in
            _ = try store.addWebhook(url: "http://127.0.0.1:9/hook", secret: secret)
            for title in ["First", "Second"] {
                _ = try store.save(Reminder(title: title, alarms: [Alarm(trigger: .location(location: Self.office, proximity: .enter))]))
            }
        }
        let reminders = try sqlite.incompleteReminders()
        let leases = try await PartitionLeases(address: address, owner: "a", leaseSeconds: 60)
        let held = try await leases.heartbeat().held
        let pair = try await [connections.open(), connections.open()]
        let first = PartitionEvaluationStore(lease: held[0], owner: "a", connection: pair[0])
        let second = PartitionEvaluationStore(lease: held[1], owner: "a", connection: pair[1])
        let delivery = try await SharedDelivery.open(address)
        let drawn = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let events = reminders.enumerated().map { index, reminder in Self.arrival(reminder, device: "d\(index)") }

        async let firstCommit: Void = onOwnThread {
            try first.commitEvaluation(firedEvents: [events[0]], lateAfter: 900, state: nil, forKey: first.stateKey, loggedFixes: []) {
                drawn.signal()
                release.wait()
            }
        }
        try await onOwnThread { drawn.wait() }
        async let secondCommit: Void = onOwnThread {
            try second.commitEvaluation(firedEvents: [events[1]], lateAfter: 900, state: nil, forKey: second.stateKey, loggedFixes: []) {}
        }
        // The second commit waits for the append turn before it draws a sequence.
        let waiting = try await poll(timeout: 10) { try server.psql(Self.waitingForTheTurn, database: "fleet") == "1\n" }
        #expect(waiting)
        #expect(try await delivery.queueOutboxEvents(endpointID: 1, limit: 1000) == 0)
        release.signal()
        try await firstCommit
        try await secondCommit

        #expect(try await delivery.queueOutboxEvents(endpointID: 1, limit: 1000) == 2)
        let outbox = try await SharedOutbox.events(on: pair[0])
        #expect(outbox.map(\.sequence) == [1, 2])
        #expect(outbox.map(\.id) == events.map(\.id))
        #expect(try server.psql("SELECT eventSequence FROM webhookDelivery ORDER BY eventSequence", database: "fleet") == "1\n2\n")
        #expect(try server.psql("SELECT cursor FROM webhookEndpoint", database: "fleet") == "2\n")
        await delivery.close()
        for connection in pair { try await connection.close() }
        await leases.close()
    }

    // MARK: - Support

    static let office = StructuredLocation(title: "Office", latitude: 48.8566, longitude: 2.3522)

    /// Sessions waiting for the outbox's append turn (an advisory lock not yet granted).
    static let waitingForTheTurn = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"

    /// An arrival at the office fired by `device`'s fix for `reminder`'s first alarm.
    static func arrival(_ reminder: Reminder, device: String, second: Double = 0) -> AlarmEvent {
        let time = Date(timeIntervalSince1970: 1_795_000_000 + second)
        return AlarmEvent(
            time: time, kind: .enter,
            reminder: .init(id: reminder.id, title: reminder.title, priority: 0, creationDate: reminder.creationDate),
            alarm: reminder.alarms[0], location: office,
            fix: Fix(time: time, latitude: office.latitude, longitude: office.longitude, accuracy: 5, device: device), distance: 0)
    }

    /// A SQLite store shaped by `body`, copied to the server as `georemind migrate` does.
    func seededStore(_ body: (ReminderStore) throws -> Void) async throws -> ReminderStore {
        let path = try temporaryDirectory().appendingPathComponent("store.sqlite").path
        let store = try ReminderStore(path: path)
        try body(store)
        _ = try await StoreCopy.copy(from: store, to: address)
        return store
    }

    /// An endpoint (number 1) at `url`, then one arrival per device in `devices` recorded in that
    /// order, all copied to the server: the outbox events, in sequence order.
    func seed(endpoint url: String, devices: [String]) async throws -> [OutboxEvent] {
        let store = try await seededStore { store in
            _ = try store.addWebhook(url: url, secret: secret)
            var events: [AlarmEvent] = []
            for (index, device) in devices.enumerated() {
                let alarm = Alarm(trigger: .location(location: Self.office, proximity: .enter))
                let reminder = try store.save(Reminder(title: "R\(index)", alarms: [alarm]))
                events.append(Self.arrival(reminder, device: device, second: Double(index)))
            }
            try store.commitEvaluation(firedEvents: events, lateAfter: 900, state: Data(), forKey: "test") {}
        }
        return try store.outboxEvents()
    }

    /// One server instance's delivery: its own connection, dispatcher and lease owner.
    struct Instance {
        let store: SharedDelivery
        let transport: TrackedTransport
        let dispatcher: WebhookDispatcher
    }

    func instance(_ owner: String, _ tracker: PostTracker) async throws -> Instance {
        var options = DispatcherOptions()
        options.retry = RetryPolicy(base: 0.05, cap: 0.2, retryFor: 60)
        options.pollInterval = 0.02
        options.timeout = 2
        options.concurrencyPerEndpoint = 4
        options.owner = owner
        let store = try await SharedDelivery.open(address)
        let transport = TrackedTransport(tracker: tracker)
        let dispatcher = WebhookDispatcher(store: store, transport: transport, options: options)
        return Instance(store: store, transport: transport, dispatcher: dispatcher)
    }

    /// Runs the instances' dispatchers as services until `body` returns.
    func running(_ instances: [Instance], _ body: () async throws -> Void) async throws {
        let tasks = instances.map { instance in Task { try await instance.dispatcher.run() } }
        try await body()
        for task in tasks {
            task.cancel()
            _ = await task.result
        }
    }

    func close(_ instances: [Instance]) async throws {
        for instance in instances {
            await instance.store.close()
            try await instance.transport.inner.shutdown()
        }
    }

    /// The receiver answers before a dispatcher records the outcome: wait for the records.
    func waitUntilNothingPending(_ store: SharedDelivery) async throws {
        _ = try await poll { try await store.webhookEndpoints().allSatisfy { $0.pendingCount == 0 } }
    }

    /// Checks `condition` every 20 ms for up to `timeout` seconds; whether it came true.
    func poll(timeout: Double = 30, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}

/// The webhook-ids being posted right now, by any instance: an id posted while it is already in
/// flight is an overlap, what shared delivery must never do.
final class PostTracker: Sendable {
    let inFlight = Mutex<Set<String>>([])
    let overlaps = Mutex<[String]>([])
}

/// An instance's real HTTP transport, noting what it posted and when, and reporting overlaps.
final class TrackedTransport: WebhookTransport {
    let inner = HTTPWebhookTransport()
    let tracker: PostTracker
    let posted = Mutex<[(id: String, at: Date)]>([])

    init(tracker: PostTracker) {
        self.tracker = tracker
    }

    func post(url: String, headers: [(String, String)], body: [UInt8], timeout: TimeInterval) async -> TransportResult {
        let id = headers.first { $0.0 == "webhook-id" }?.1 ?? ""
        posted.withLock { $0.append((id, Date())) }
        if !tracker.inFlight.withLock({ $0.insert(id).inserted }) { tracker.overlaps.withLock { $0.append(id) } }
        let result = await inner.post(url: url, headers: headers, body: body, timeout: timeout)
        _ = tracker.inFlight.withLock { $0.remove(id) }
        return result
    }
}
