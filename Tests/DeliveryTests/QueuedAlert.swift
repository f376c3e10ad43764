import Delivery
import Foundation
import GeoReminders
import GeofenceEngine
import Testing

/// One fired location alarm queued in the outbox for an e-mail channel, and the dispatcher that
/// sends it, as `serve` runs it.
struct QueuedAlert {
    let store: ReminderStore
    let channelName: String
    let eventID: String
    let reminderID: String

    init(to address: String) throws {
        store = try ReminderStore.inMemory()
        channelName = try store.addChannel(kind: .email, target: address).name ?? ""
        let place = StructuredLocation(title: "Office", latitude: 48.8566, longitude: 2.3522)
        let alarm = Alarm(trigger: .location(location: place, proximity: .enter))
        let reminder = try store.save(Reminder(title: "Buy bread", priority: 1, alarms: [alarm]))
        reminderID = reminder.id
        let time = Date(timeIntervalSince1970: 1_795_000_000)
        let event = AlarmEvent(
            time: time, kind: .enter,
            reminder: .init(id: reminder.id, title: reminder.title, priority: 1, creationDate: reminder.creationDate),
            alarm: alarm, location: place,
            fix: Fix(time: time, latitude: 48.8566, longitude: 2.3522, accuracy: 5, device: "phone"), distance: 0)
        try store.commitEvaluation(firedEvents: [event], lateAfter: 900, state: Data(), forKey: "test") {}
        eventID = "\(try #require(try store.outboxEvents().first?.id))"
    }

    /// Runs the dispatcher until the alert went out or an attempt failed (the server is already
    /// listening, so the first answer is the verdict); returns the channel as `channel list` shows it.
    /// - Parameter waitingForServer: the server may still be starting: failed attempts are retried,
    ///   quickly, until one is accepted.
    func deliver(through mailer: SMTPMailer, waitingForServer: Bool = false) async throws -> WebhookEndpoint {
        var options = DispatcherOptions()
        options.retry = waitingForServer ? RetryPolicy(base: 0.05, cap: 0.2, retryFor: 60) : RetryPolicy(base: 60, cap: 60, retryFor: 600)
        options.timeout = 10
        options.actionBase = "https://georemind.example.org"
        let transport = HTTPWebhookTransport()
        let dispatcher = WebhookDispatcher(store: store, transport: transport, mailer: mailer, options: options)
        let deadline = Date().addingTimeInterval(30)
        var channel = try store.channel(channelName)
        func isDecided() -> Bool { waitingForServer ? channel.lastStatus == 250 : (channel.lastStatus != nil || channel.lastError != nil) }
        while !isDecided(), Date() < deadline {
            _ = try await dispatcher.runOnce()
            channel = try store.channel(channelName)
            if !isDecided() { try await Task.sleep(for: .milliseconds(50)) }
        }
        try await transport.shutdown()
        return channel
    }
}
