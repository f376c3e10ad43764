import Foundation
import GeoReminders

/// `channel test NAME`: one made-up alert sent to a channel now, outside the outbox (nothing is
/// queued or recorded), with the far end's answer returned to show.
package enum ChannelTest {
    /// An arrival at "Test place" for a reminder "georemind test", medium priority, at `now`.
    package static func event(now: Date) -> OutboxEvent {
        OutboxEvent(
            id: EventID.make(reminderID: "test", alarmID: "test", time: now), type: .arrive,
            reminder: .init(id: "test", title: "georemind test", priority: 5, creationDate: now), alarmID: "test",
            device: nil, time: now, fix: nil,
            location: OutboxEvent.PlaceRecord(title: "Test place", latitude: 48.8566, longitude: 2.3522, radius: 100),
            distance: nil, recordedDate: now, late: false)
    }

    /// Sends the test alert to `endpoint` (no Done link: it would complete nothing); returns
    /// `HTTP 200: {"id":…}` or `SMTP 250`, or why no answer came. An e-mail channel needs `mailer`.
    package static func send(
        to endpoint: WebhookEndpoint, transport: HTTPWebhookTransport, mailer: SMTPMailer? = nil, timeout: TimeInterval = 10
    ) async -> String {
        guard let format = EndpointFormat(endpoint, links: nil, mails: mailer != nil) else {
            return endpoint.kind == .email
                ? "an e-mail channel is tested through a mail server: give --smtp smtp://USER:PASSWORD@HOST:587"
                : "cannot send to this \(endpoint.kind.rawValue) endpoint"
        }
        let now = Date()
        if endpoint.kind == .email, let mailer {
            do {
                let code = try await mailer.send(format.mail(for: event(now: now), from: mailer.server.from, now: now), timeout: timeout)
                return "SMTP \(code)"
            } catch {
                return "\(error)"
            }
        }
        do {
            let request = try format.request(for: event(now: now), now: now)
            let answer = try await transport.exchange(url: request.url, headers: request.headers, body: request.body, timeout: timeout)
            let body = answer.body.trimmingCharacters(in: .whitespacesAndNewlines)
            return "HTTP \(answer.status)" + (body.isEmpty ? "" : ": \(body)")
        } catch {
            return "no answer: \(error)"
        }
    }
}
