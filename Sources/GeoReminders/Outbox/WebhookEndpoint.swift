import Foundation

/// A URL that receives the outbox's events as Standard Webhooks
/// (<https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md>).
public struct WebhookEndpoint: Hashable, Sendable {
    public var id: Int64
    public var url: String
    public var events: EventTypeFilter
    /// False: events recorded late (``OutboxEvent/late``) are not sent here.
    public var acceptsLate: Bool
    /// `whsec_` and the base64 key the signatures are made with.
    public var secret: String
    public var createdDate: Date
    /// The last outbox sequence queued for this endpoint: events after it are still to be queued.
    public var cursor: Int64
    /// The HTTP status of the last attempt (nil: none yet, or no response: see `lastError`).
    public var lastStatus: Int?
    public var lastError: String?
    public var lastAttemptDate: Date?
    public var lastSuccessDate: Date?
    /// Since when deliveries have been failing: set by the first failure after a success, cleared by a success.
    public var failingSince: Date?
    /// Set when the endpoint answered 410 Gone: nothing more is sent.
    public var disabledDate: Date?
    /// Deliveries queued and not yet done.
    public var pendingCount: Int
    /// What receives the events: a webhook, or a notification channel (``ChannelKind``).
    public var kind: ChannelKind = .webhook
    /// A channel's name (`channel remove NAME`); nil for a webhook, which is known by number or URL.
    public var name: String?
    /// A channel's credential (ntfy's bearer token): sent, never shown.
    public var token: String?
    /// The person whose alerts a channel carries; nil: every alert (webhooks, and channels made
    /// before channels had owners).
    public var account: String?

    public var isDisabled: Bool { disabledDate != nil }
}

/// One event due to one endpoint, claimed by a dispatcher for one attempt.
public struct WebhookDelivery: Hashable, Sendable {
    public var endpointID: Int64
    public var event: OutboxEvent
    /// Attempts made before this one.
    public var attempts: Int
    /// When the first attempt was made (nil: this is the first).
    public var firstAttemptDate: Date?

    public init(endpointID: Int64, event: OutboxEvent, attempts: Int, firstAttemptDate: Date?) {
        self.endpointID = endpointID
        self.event = event
        self.attempts = attempts
        self.firstAttemptDate = firstAttemptDate
    }
}

/// What one delivery attempt came to.
public enum DeliveryOutcome: Hashable, Sendable {
    /// A 2xx: done.
    case delivered(status: Int)
    /// 410 Gone: the endpoint asks to receive nothing more.
    case gone
    /// Try again at `retryAt` (429, 5xx, another status, a timeout, a refused connection).
    case retry(status: Int?, error: String?, retryAt: Date)
    /// Retries ran out: the event is not sent to this endpoint again unless replayed.
    case gaveUp(status: Int?, error: String?)
}

/// Why a webhook operation was refused.
public enum WebhookError: Error, Equatable, Sendable, CustomStringConvertible {
    case badEventFilter(text: String)
    case badURL(url: String, reason: String)
    case badSecret(reason: String)
    case endpointNotFound(reference: String)
    case eventNotFound(id: String)
    case badChannelTarget(kind: ChannelKind, target: String, reason: String)
    case channelNameTaken(name: String)
    case badChannelName(name: String)
    case channelNotFound(reference: String)

    public var description: String {
        switch self {
        case let .badEventFilter(text):
            "'\(text)' matches no event type; use alarm.*, alarm.arrive, alarm.leave or alarm.time"
        case let .badURL(url, reason):
            "'\(url)' is not a webhook URL: \(reason)"
        case let .badSecret(reason):
            "bad webhook secret: \(reason); give whsec_ followed by base64 of 24 to 64 random bytes"
        case let .endpointNotFound(reference):
            "no webhook endpoint is '\(reference)'; `webhook list` shows them"
        case let .eventNotFound(id):
            "the outbox has no event \(id) (it may have been pruned)"
        case let .badChannelTarget(kind, target, reason):
            "'\(target)' is not an \(kind.rawValue) target: \(reason)"
        case let .channelNameTaken(name):
            "a channel is already named '\(name)'; give another with --name"
        case let .badChannelName(name):
            "'\(name)' is not a channel name: use 1 to 64 letters, digits, '.', '_' or '-', not only digits"
        case let .channelNotFound(reference):
            "no channel is '\(reference)'; `channel list` shows them"
        }
    }
}
