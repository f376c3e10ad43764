import Foundation
import GeoReminders

/// What an endpoint's worker needs to build each event's request, read once when the worker
/// starts: the endpoint's kind and target, its signing secret (webhooks), and where Done links
/// point with the key they are signed with.
struct EndpointFormat: Sendable {
    let endpoint: WebhookEndpoint
    let secret: WebhookSecret?
    /// `serve`'s public base URL and the store's action key; nil: alerts carry no Done link.
    let links: (base: String, key: String)?

    /// Nil when this dispatcher cannot send to the endpoint: a webhook whose secret does not parse,
    /// or an e-mail channel when no mail server was given (`serve --smtp`).
    init?(_ endpoint: WebhookEndpoint, links: (base: String, key: String)?, mails: Bool = false) {
        self.endpoint = endpoint
        self.links = links
        switch endpoint.kind {
        case .webhook:
            guard let secret = try? WebhookSecret(parsing: endpoint.secret) else { return nil }
            self.secret = secret
        case .ntfy, .apprise:
            secret = nil
        case .email:
            guard mails else { return nil }
            secret = nil
        }
    }

    /// The Done link for `event`, made now: it expires ``ActionLink/lifetime`` from `now`.
    func doneLink(for event: OutboxEvent, now: Date) -> String? {
        links.map { links in
            ActionLink(
                eventID: event.id, reminderID: event.reminder.id,
                expires: Int(now.timeIntervalSince1970 + ActionLink.lifetime)
            ).url(base: links.base, key: links.key)
        }
    }

    /// The e-mail for `event` to this channel's address.
    func mail(for event: OutboxEvent, from: String, now: Date) -> MailMessage {
        MailMessage(
            event, from: from, to: String(endpoint.url.dropFirst("mailto:".count)), done: doneLink(for: event, now: now), now: now)
    }

    /// The request for `event`; a Done link made now expires ``ActionLink/lifetime`` from `now`.
    func request(for event: OutboxEvent, now: Date) throws -> ChannelRequest {
        let done = doneLink(for: event, now: now)
        switch endpoint.kind {
        case .ntfy:
            return ChannelRequest.ntfy(event, url: endpoint.url, token: endpoint.token, done: done)
        case .apprise:
            return try ChannelRequest.apprise(event, url: endpoint.url, done: done)
        case .webhook, .email:
            guard let secret else { throw WebhookError.badSecret(reason: "none") }
            return try ChannelRequest.webhook(event, url: endpoint.url, secret: secret, timestamp: Int(now.timeIntervalSince1970))
        }
    }
}
