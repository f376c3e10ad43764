import Delivery
import Foundation
import GeoReminders
import GeofenceEngine
import TestSupport
import Testing

/// Notification channels through the one outbox and dispatcher, against a real receiver on loopback.
@Suite struct ChannelDeliveryTests {
    let place = StructuredLocation(title: "Office", latitude: 48.8566, longitude: 2.3522)

    /// A reminder of `priority` watching Office, saved in `store`.
    func reminder(in store: ReminderStore, priority: Int) throws -> (Reminder, Alarm) {
        let alarm = Alarm(trigger: .location(location: place, proximity: .enter))
        var draft = Reminder(title: "Buy bread", alarms: [alarm])
        draft.priority = priority
        return (try store.save(draft), alarm)
    }

    /// Records an arrival at Office for `reminder`, as the evaluator does.
    func arrive(_ store: ReminderStore, _ reminder: Reminder, _ alarm: Alarm, kind: AlarmEvent.Kind = .enter) throws {
        let time = Date(timeIntervalSince1970: 1_795_000_000)
        let event = AlarmEvent(
            time: time, kind: kind,
            reminder: .init(id: reminder.id, title: reminder.title, priority: reminder.priority, creationDate: reminder.creationDate),
            alarm: alarm, location: place,
            fix: Fix(time: time, latitude: 48.8566, longitude: 2.3522, accuracy: 5, device: "phone"), distance: 0)
        try store.commitEvaluation(firedEvents: [event], lateAfter: 900, state: Data(), forKey: "test") {}
    }

    func options(base: String?) -> DispatcherOptions {
        var options = DispatcherOptions()
        options.retry = RetryPolicy(base: 0.05, cap: 0.2, retryFor: 60)
        options.timeout = 2
        options.actionBase = base
        return options
    }

    @Test func ntfyPriorityFollowsEventKitLevels() {
        #expect([0, 1, 4, 5, 6, 9].map { NtfyPriority.of(eventKitPriority: $0) } == [3, 4, 4, 3, 2, 2])
    }

    @Test func ntfyGetsOnePostWithTheDocumentedHeaders() async throws {
        let receiver = try await WebhookReceiver()
        let store = try ReminderStore.inMemory()
        let channel = try store.addChannel(kind: .ntfy, target: "http://127.0.0.1:\(receiver.port)/groceries", token: "tk_secret")
        #expect(channel.name == "ntfy-\(channel.id)")
        let (reminder, alarm) = try reminder(in: store, priority: 1)
        try arrive(store, reminder, alarm)
        let transport = HTTPWebhookTransport()
        let tally = try await WebhookDispatcher(store: store, transport: transport, options: options(base: "http://127.0.0.1:8080"))
            .runOnce()
        try await transport.shutdown()
        #expect(tally.delivered == 1)
        let request = try #require(receiver.requests.first)
        #expect(receiver.requests.count == 1)
        #expect(request.path == "/groceries")
        #expect(request.headers["title"] == "Buy bread")
        #expect(request.headers["priority"] == "4")
        #expect(request.headers["tags"] == "round_pushpin,arrive")
        #expect(request.headers["click"] == "geo:48.8566,2.3522")
        #expect(request.headers["authorization"] == "Bearer tk_secret")
        #expect(String(decoding: request.body, as: UTF8.self) == "Office, arriving")
        let actions = try #require(request.headers["actions"])
        #expect(actions.hasPrefix("http, Done, http://127.0.0.1:8080/api/v1/actions/done?event=evt_"))
        #expect(actions.hasSuffix(", method=POST, clear=true"))
        // The link completes the reminder once, then is refused.
        let url = try #require(URLComponents(string: String(actions.dropFirst("http, Done, ".count).prefix { $0 != "," })))
        let query = Dictionary(uniqueKeysWithValues: (url.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        let link = try ActionLink(query: query, key: try store.actionKey(), now: Date())
        #expect(link.reminderID == reminder.id)
        #expect(try store.follow(link).outcome == .completed)
        #expect(throws: ActionLinkError.alreadyUsed) { try store.follow(link) }
        #expect(throws: ActionLinkError.badSignature) { try ActionLink(query: query, key: "another key", now: Date()) }
        #expect(throws: ActionLinkError.expired) {
            try ActionLink(query: query, key: try store.actionKey(), now: Date().addingTimeInterval(ActionLink.lifetime + 60))
        }
        let after = try store.channel(channel.name ?? "")
        #expect(after.lastStatus == 200 && after.pendingCount == 0 && after.failingSince == nil)
        try await receiver.stop()
    }

    @Test func appriseGetsTitleBodyAndType() async throws {
        let receiver = try await WebhookReceiver(script: [500])
        let store = try ReminderStore.inMemory()
        _ = try store.addChannel(kind: .apprise, target: "http://127.0.0.1:\(receiver.port)/notify/family", name: "family")
        let (reminder, alarm) = try reminder(in: store, priority: 9)
        try arrive(store, reminder, alarm, kind: .leave)
        let transport = HTTPWebhookTransport()
        let dispatcher = WebhookDispatcher(store: store, transport: transport, options: options(base: nil))
        // The first answer is a 500: retried with backoff through the same outbox.
        let deadline = Date().addingTimeInterval(20)
        while receiver.requests.filter({ $0.status == 200 }).isEmpty, Date() < deadline {
            _ = try await dispatcher.runOnce()
            try await Task.sleep(for: .milliseconds(50))
        }
        try await transport.shutdown()
        #expect(receiver.requests.map(\.status) == [500, 200])
        let request = try #require(receiver.requests.last)
        #expect(request.path == "/notify/family")
        #expect(request.headers["content-type"] == "application/json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: String])
        #expect(json == ["title": "Buy bread", "body": "Office, leaving\ngeo:48.8566,2.3522", "type": "info"])
        try await receiver.stop()
    }

    @Test func targetsAreCheckedAndSecretsNotShown() throws {
        let store = try ReminderStore.inMemory()
        #expect(throws: WebhookError.self) { try store.addChannel(kind: .ntfy, target: "ftp://ntfy.example.org/topic") }
        #expect(throws: WebhookError.self) { try store.addChannel(kind: .apprise, target: "https://apprise.example.org/key") }
        #expect(throws: WebhookError.self) { try store.addChannel(kind: .email, target: "not an address") }
        let mail = try store.addChannel(kind: .email, target: "anna@example.org", name: "anna")
        #expect(ChannelTarget.display(mail) == "anna@example.org")
        #expect(throws: WebhookError.channelNameTaken(name: "anna")) {
            try store.addChannel(kind: .email, target: "bob@example.org", name: "anna")
        }
        let ntfy = try store.addChannel(kind: .ntfy, target: "https://user:pw@ntfy.example.org/topic")
        #expect(ChannelTarget.display(ntfy) == "https://user:***@ntfy.example.org/topic")
        // Channels are not webhooks: `webhook list` and `webhook remove` do not see them.
        #expect(throws: WebhookError.self) { try store.webhookEndpoint("\(ntfy.id)") }
        #expect(try store.removeChannel("anna").id == mail.id)
        #expect(try store.channels().map(\.id) == [ntfy.id])
    }
}
