import Delivery
import Foundation
import GeoReminders
import GeofenceEngine
import TestSupport
import Testing

/// A channel is a person's: it carries the alerts fired for that person (docs/people.md), and a
/// person's webhook every event of the lists they read, from the evaluator's own events through
/// the outbox to a real ntfy-shaped receiver on loopback.
@Suite struct PersonalChannelTests {
    let shop = StructuredLocation(title: "Shop", latitude: 48.1, longitude: 11.5)
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func eachPersonsChannelCarriesTheirAlertsAndAnUnownedOneCarriesAll() async throws {
        var configuration = StoreConfiguration()
        configuration.now = { Date(timeIntervalSince1970: 1_795_000_000) }
        let store = try ReminderStore.inMemory(configuration: configuration)
        try store.addAccount(name: "anna")
        try store.addAccount(name: "ben")
        let household = try store.save(ReminderList(title: "Household"), owner: "anna")
        try store.share(listID: household.id, with: "ben", role: .editor, by: "anna")
        _ = try store.addDevice(name: "anna-phone", id: "anna/phone", account: "anna")
        _ = try store.addDevice(name: "ben-phone", id: "ben/phone", account: "ben")

        // Ben's milk (for him, its creator); the household's bins, a time alarm for anyone.
        var milk = Reminder(
            listID: household.id, title: "Buy milk", alarms: [Alarm(trigger: .location(location: shop, proximity: .enter))])
        milk.creator = "ben"
        milk = try store.save(milk)
        var bins = Reminder(
            listID: household.id, title: "Bins out", alarms: [Alarm(trigger: .absolute(date: start.addingTimeInterval(90)))])
        bins.creator = "anna"
        bins.alarmsFor = .anyone
        bins = try store.save(bins)
        // Ben's own list, shared with no one.
        var call = Reminder(
            listID: try store.defaultListID(of: "ben"), title: "Call mum",
            alarms: [Alarm(trigger: .absolute(date: start.addingTimeInterval(100)))])
        call.creator = "ben"
        call = try store.save(call)

        let receiver = try await WebhookReceiver()
        let base = "http://127.0.0.1:\(receiver.port)"
        _ = try store.addChannel(kind: .ntfy, target: "\(base)/anna", account: "anna")
        _ = try store.addChannel(kind: .ntfy, target: "\(base)/ben", account: "ben")
        _ = try store.addChannel(kind: .ntfy, target: "\(base)/everyone")
        // A person's webhook (a program of theirs) carries every event of the lists they read:
        // Anna's the household's milk fired for Ben too, not Ben's own call.
        _ = try store.addWebhook(url: "\(base)/ben-hook", secret: WebhookSecret.generate().description, account: "ben")
        _ = try store.addWebhook(url: "\(base)/anna-hook", secret: WebhookSecret.generate().description, account: "anna")

        // Both phones arrive at the shop; Anna's first, which fires nothing: the milk is Ben's.
        func fix(_ seconds: Double, _ device: String, inside: Bool) -> Fix {
            Fix(time: start.addingTimeInterval(seconds), latitude: inside ? 48.1 : 48.11, longitude: 11.5, accuracy: 5, device: device)
        }
        let evaluator = try AlarmEvaluator(store: store, mode: .commit, floatingZone: TimeZone(identifier: "UTC")!)
        var fired: [String] = []
        try evaluator.feed([
            fix(0, "anna/phone", inside: false), fix(0, "ben/phone", inside: false), fix(30, "anna/phone", inside: true),
            fix(60, "ben/phone", inside: true), fix(120, "anna/phone", inside: true),
        ]) { fired.append("\($0.reminder.title) \($0.people)") }
        _ = try evaluator.finish { fired.append("\($0.reminder.title) \($0.people)") }
        #expect(fired == [#"Buy milk ["ben"]"#, #"Bins out ["anna", "ben"]"#, #"Call mum ["ben"]"#])

        var options = DispatcherOptions()
        options.retry = RetryPolicy(base: 0.05, cap: 0.2, retryFor: 60)
        options.timeout = 2
        let transport = HTTPWebhookTransport()
        let tally = try await WebhookDispatcher(store: store, transport: transport, options: options).runOnce()
        try await transport.shutdown()
        try await receiver.stop()
        #expect(tally.delivered == 12)
        let received = receiver.requests.map { request in
            let title = request.headers["title"] ?? Self.reminderTitle(ofWebhookBody: request.body)
            return "\(request.path) \(title)"
        }.sorted()
        #expect(
            received == [
                "/anna Bins out", "/anna-hook Bins out", "/anna-hook Buy milk", "/ben Bins out", "/ben Buy milk",
                "/ben Call mum", "/ben-hook Bins out", "/ben-hook Buy milk", "/ben-hook Call mum", "/everyone Bins out",
                "/everyone Buy milk", "/everyone Call mum",
            ])
    }

    @Test func aPersonSeesAndRemovesOnlyTheirOwnChannels() throws {
        let store = try ReminderStore.inMemory()
        try store.addAccount(name: "anna")
        try store.addAccount(name: "ben")
        let annas = try store.addChannel(kind: .email, target: "anna@example.org", name: "phone", account: "anna")
        // Names are per person: Ben may call his "phone" too.
        let bens = try store.addChannel(kind: .email, target: "ben@example.org", name: "phone", account: "ben")
        let unowned = try store.addChannel(kind: .email, target: "ops@example.org", name: "ops")
        #expect(throws: WebhookError.channelNameTaken(name: "phone")) {
            try store.addChannel(kind: .email, target: "anna@work.example.org", name: "phone", account: "anna")
        }
        #expect(try store.channels(visibleTo: "anna").map(\.id) == [annas.id])
        #expect(try store.channels(visibleTo: "ben").map(\.id) == [bens.id])
        // The first account is an admin: it also sees the channel that is no one's.
        #expect(try store.channels(visibleTo: "default").map(\.id) == [unowned.id])
        // Another's channel, by name or number, answers exactly as a missing one.
        #expect(throws: WebhookError.channelNotFound(reference: "ops")) { try store.removeChannel("ops", visibleTo: "anna") }
        #expect(throws: WebhookError.channelNotFound(reference: "\(bens.id)")) {
            try store.removeChannel("\(bens.id)", visibleTo: "anna")
        }
        #expect(try store.removeChannel("phone", visibleTo: "ben").id == bens.id)
        #expect(try store.channels().map(\.id) == [annas.id, unowned.id])
    }

    /// The reminder title a Standard Webhooks body carries (`data.reminder.title`).
    static func reminderTitle(ofWebhookBody body: [UInt8]) -> String {
        let json = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        let reminder = (json?["data"] as? [String: Any])?["reminder"] as? [String: Any]
        return reminder?["title"] as? String ?? "?"
    }
}
