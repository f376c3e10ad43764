import Foundation
import GeoReminders

/// A notification channel as the HTTP API shows it: never its token (only whether it has one).
public struct ChannelJSON: Encodable, Sendable {
    public var name: String
    public var kind: String
    public var target: String
    public var hasToken: Bool
    public var lastStatus: Int?
    public var lastSuccess: String?
    public var pending: Int
    public var failingSince: String?
    public var disabled: Bool

    public init(_ channel: WebhookEndpoint) {
        name = channel.name ?? String(channel.id)
        kind = channel.kind.rawValue
        target = ChannelTarget.display(channel)
        hasToken = channel.token != nil
        lastStatus = channel.lastStatus
        lastSuccess = channel.lastSuccessDate.map(JSONLines.timestamp)
        pending = channel.pendingCount
        failingSince = channel.failingSince.map(JSONLines.timestamp)
        disabled = channel.isDisabled
    }
}
