import Foundation
import GeoReminders

/// `channel test NAME`: one made-up alert sent to a channel now, outside the outbox (nothing is
/// queued or recorded), with the far end's answer returned to show.
public enum ChannelTest {
    /// An arrival at "Test place" for a reminder "georemind test", medium priority, at `now`.
    public static func event(now: Date) -> OutboxEvent {
        OutboxEvent(
            id: EventID.make(reminderID: "test", alarmID: "test", time: now), type: .arrive,
            reminder: .init(id: "test", title: "georemind test", priority: 5, creationDate: now), alarmID: "test",
            device: nil, time: now, fix: nil,
            location: OutboxEvent.PlaceRecord(title: "Test place", latitude: 48.8566, longitude: 2.3522, radius: 100),
            distance: nil, recordedDate: now, late: false)
    }

    /// Sends the test alert to `endpoint` (no Done link: it would complete nothing); returns
    /// `HTTP 200: {"id":…}`, or why no answer came.
    public static func send(to endpoint: WebhookEndpoint, transport: HTTPWebhookTransport, timeout: TimeInterval = 10) async -> String {
        guard let format = EndpointFormat(endpoint, links: nil) else {
            return "cannot send to a \(endpoint.kind.rawValue) channel from here"
        }
        do {
            let request = try format.request(for: event(now: Date()), now: Date())
            let answer = try await transport.exchange(url: request.url, headers: request.headers, body: request.body, timeout: timeout)
            let body = answer.body.trimmingCharacters(in: .whitespacesAndNewlines)
            return "HTTP \(answer.status)" + (body.isEmpty ? "" : ": \(body)")
        } catch {
            return "no answer: \(error)"
        }
    }
}
