/// How an endpoint of the outbox receives its events: a Standard Webhook, or one of the
/// notification services a person reads (docs/notifications.md).
///
/// Every kind is a row of the same `webhookEndpoint` table with the same cursor, queue, retries and
/// failing state, so one outbox and one dispatcher deliver them all; only the request differs.
public enum ChannelKind: String, Hashable, Sendable, CaseIterable {
    case webhook
    /// An ntfy topic URL (<https://docs.ntfy.sh/publish/>): one POST per alert, facts in headers.
    case ntfy
    /// An Apprise API notify URL (`POST /notify/KEY` with JSON title, body, type).
    case apprise
    /// An e-mail address, sent through the instance's SMTP server (`serve --smtp`).
    case email
}
