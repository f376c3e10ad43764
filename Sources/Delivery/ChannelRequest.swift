import Foundation
import GeoReminders
import ReminderViews

/// One HTTP request an endpoint's worker sends for one event: built here for each kind, so the
/// dispatcher's queueing, retries and outcomes stay the same whatever the kind (docs/notifications.md).
package struct ChannelRequest: Sendable {
    package var url: String
    package var headers: [(String, String)]
    package var body: [UInt8]

    /// A Standard Webhooks POST of the event's JSON (docs/delivery.md), signed at `timestamp`.
    package static func webhook(_ event: OutboxEvent, url: String, secret: WebhookSecret, timestamp: Int) throws -> ChannelRequest {
        let body = try EventJSON.body(event)
        return ChannelRequest(
            url: url,
            headers: [
                ("content-type", "application/json"),
                ("webhook-id", event.id),
                ("webhook-timestamp", String(timestamp)),
                ("webhook-signature", WebhookSignature.sign(id: event.id, timestamp: timestamp, body: body, secret: secret)),
            ], body: body)
    }

    /// An ntfy publish (<https://docs.ntfy.sh/publish/>): the message as the body, the rest in
    /// its headers; a Done button (an `http` action, POST) when `done` is given.
    package static func ntfy(_ event: OutboxEvent, url: String, token: String?, done: String?) -> ChannelRequest {
        let text = AlertText(event)
        var headers = [
            ("content-type", "text/plain; charset=utf-8"),
            ("Title", text.title),
            ("Priority", String(NtfyPriority.of(eventKitPriority: event.reminder.priority))),
            ("Tags", Self.ntfyTags(event)),
        ]
        if let geo = text.geoURI { headers.append(("Click", geo)) }
        if let done { headers.append(("Actions", "http, Done, \(done), method=POST, clear=true")) }
        if let token, !token.isEmpty { headers.append(("Authorization", "Bearer \(token)")) }
        return ChannelRequest(url: url, headers: headers, body: Array(text.message.utf8))
    }

    /// ntfy shows a tag that is an emoji short code as the emoji; the event type follows as text.
    static func ntfyTags(_ event: OutboxEvent) -> String {
        switch event.type {
        case .arrive: "round_pushpin,arrive"
        case .leave: "runner,leave"
        case .time: "alarm_clock,time"
        }
    }

    /// An Apprise API stateful notify (`POST /notify/KEY`, <https://github.com/caronc/apprise-api>):
    /// JSON `title`, `body`, `type` (`info`; `warning` for a high-priority reminder); the Done link
    /// and the place's `geo:` URI appended to the body, as Apprise's services take no buttons.
    package static func apprise(_ event: OutboxEvent, url: String, done: String?) throws -> ChannelRequest {
        let text = AlertText(event)
        var body = text.message
        if let geo = text.geoURI { body += "\n\(geo)" }
        if let done { body += "\nDone: \(done)" }
        let type = (1...4).contains(event.reminder.priority) ? "warning" : "info"
        let json = try JSONSerialization.data(withJSONObject: ["title": text.title, "body": body, "type": type], options: [.sortedKeys])
        return ChannelRequest(url: url, headers: [("content-type", "application/json")], body: Array(json))
    }
}
