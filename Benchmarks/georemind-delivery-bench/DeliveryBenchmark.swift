import Delivery
import Foundation
import GeoReminders
import GeofenceEngine
import TestSupport

/// 10,000 alarms fired in one burst by 100 devices, delivered to two endpoints on loopback, one
/// answering at once and one after 2 s; then 100,000 events queued for an endpoint that refuses
/// every connection: how long the fast one takes, and the memory the backlog costs. The same burst
/// to an ntfy channel: a person's alerts leave as fast as a program's.
func deliveryBenchmark() throws {
    try runAsync {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-bench-delivery-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let secret = WebhookSecret.generate().description

        // Burst: two endpoints, the slow one answering each request after 2 s.
        let store = try ReminderStore(path: directory.appendingPathComponent("burst.sqlite").path)
        let fast = try await WebhookReceiver()
        let slow = try await WebhookReceiver(delay: 2)
        _ = try store.addWebhook(url: fast.url, secret: secret)
        _ = try store.addWebhook(url: slow.url, secret: secret)
        let events = try fireBurst(store, count: 10_000, devices: 100)
        let commit = try measure { try store.commitEvaluation(firedEvents: events, lateAfter: 900, state: Data(), forKey: "bench") {} }
        print(
            String(
                format: "burst: 10,000 firings and outbox rows committed in %.3f s (%.0f events/s)",
                commit.seconds, 10_000 / commit.seconds))
        let transport = HTTPWebhookTransport()
        let dispatcher = WebhookDispatcher(store: store, transport: transport)
        let task = Task { try await dispatcher.run() }
        let start = Date()
        let received = try await fast.wait(timeout: 120) { $0.count >= 10_000 }
        let fastSeconds = Date().timeIntervalSince(start)
        print(
            String(
                format: "fast endpoint: %d of 10,000 received in %.2f s (%.0f deliveries/s); slow endpoint meanwhile: %d",
                received.count, fastSeconds, Double(received.count) / fastSeconds, slow.requests.count))
        // Ingestion while the slow endpoint backs up: a second burst committed with the dispatcher busy.
        let more = try fireBurst(store, count: 10_000, devices: 100, offset: 10_000)
        let busy = try measure { try store.commitEvaluation(firedEvents: more, lateAfter: 900, state: Data(), forKey: "bench") {} }
        print(String(format: "second burst committed while delivering: %.3f s (%.0f events/s)", busy.seconds, 10_000 / busy.seconds))
        task.cancel()
        _ = await task.result
        try await fast.stop()
        try await slow.stop()

        // The burst as alerts to a person's ntfy topic (its own headers and body, no signature).
        let alerts = try ReminderStore(path: directory.appendingPathComponent("ntfy.sqlite").path)
        let topic = try await WebhookReceiver()
        _ = try alerts.addChannel(kind: .ntfy, target: "http://127.0.0.1:\(topic.port)/bench")
        try alerts.commitEvaluation(
            firedEvents: try fireBurst(alerts, count: 10_000, devices: 100), lateAfter: 900, state: Data(), forKey: "bench"
        ) {}
        let alertDispatcher = WebhookDispatcher(store: alerts, transport: transport)
        let alertTask = Task { try await alertDispatcher.run() }
        let alertStart = Date()
        let alerted = try await topic.wait(timeout: 120) { $0.count >= 10_000 }
        let alertSeconds = Date().timeIntervalSince(alertStart)
        print(
            String(
                format: "ntfy channel: %d of 10,000 alerts received in %.2f s (%.0f alerts/s)",
                alerted.count, alertSeconds, Double(alerted.count) / alertSeconds))
        alertTask.cancel()
        _ = await alertTask.result
        try await topic.stop()

        // Backlog: 100,000 events for an endpoint nobody listens on (connection refused, retried).
        let backlog = try ReminderStore(path: directory.appendingPathComponent("backlog.sqlite").path)
        _ = try backlog.addWebhook(url: "http://127.0.0.1:9/dead", secret: secret)
        for batch in 0..<10 {
            let events = try fireBurst(backlog, count: 10_000, devices: 1000, offset: batch * 10_000)
            try backlog.commitEvaluation(firedEvents: events, lateAfter: 900, state: Data(), forKey: "bench") {}
        }
        let before = peakMemoryMiB()
        let deadDispatcher = WebhookDispatcher(store: backlog, transport: transport)
        let deadTask = Task { try await deadDispatcher.run() }
        try await Task.sleep(for: .seconds(15))
        deadTask.cancel()
        _ = await deadTask.result
        let endpoint = try backlog.webhookEndpoints()[0]
        print(
            String(
                format: "dead endpoint, 15 s: %d deliveries queued, peak memory %.0f MiB (%.0f MiB before the dispatcher ran)",
                endpoint.pendingCount, peakMemoryMiB(), before))
        try await transport.shutdown()
    }
}

/// Wall-clock seconds taken by `body`, with its result.
private func measure<T>(_ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, result)
}

/// The process's peak resident set size so far, in MiB (Linux reports ru_maxrss in KiB).
private func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// `count` arrivals, one reminder each, fired by `devices` devices in turn.
private func fireBurst(_ store: ReminderStore, count: Int, devices: Int, offset: Int = 0) throws -> [AlarmEvent] {
    let place = StructuredLocation(title: "Depot", latitude: 48.8566, longitude: 2.3522)
    var reminders: [Reminder] = []
    for index in 0..<count {
        let reminder = Reminder(
            title: "Delivery \(offset + index)",
            alarms: [Alarm(trigger: .location(location: place, proximity: .enter))])
        reminders.append(try store.save(reminder, commit: false))
    }
    try store.commit()
    return reminders.enumerated().map { index, reminder in
        let time = Date(timeIntervalSince1970: 1_795_000_000 + Double(offset + index))
        return AlarmEvent(
            time: time, kind: .enter,
            reminder: .init(id: reminder.id, title: reminder.title, priority: 0, creationDate: reminder.creationDate),
            alarm: reminder.alarms[0], location: place,
            fix: Fix(time: time, latitude: 48.8566, longitude: 2.3522, accuracy: 5, device: "device-\(index % devices)"),
            distance: 0)
    }
}

/// Runs async work from the synchronous benchmark runner, waiting for it.
private func runAsync(_ body: @escaping @Sendable () async throws -> Void) throws {
    let box = ResultBox()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { try await body() } catch { box.set(error) }
        done.signal()
    }
    done.wait()
    if let error = box.error { throw error }
}

// Written once by the task before it signals, read once after the wait: the semaphore orders them.
private final class ResultBox: @unchecked Sendable {
    private(set) var error: (any Error)?
    func set(_ error: any Error) { self.error = error }
}
