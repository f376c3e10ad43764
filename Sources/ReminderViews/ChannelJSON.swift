import Foundation
import GeoReminders

/// A notification channel as the HTTP API shows it: never its token (only whether it has one).
package struct ChannelJSON: Encodable, Sendable {
    package var name: String
    package var kind: String
    package var target: String
    package var hasToken: Bool
    package var lastStatus: Int?
    package var lastSuccess: String?
    package var pending: Int
    package var failingSince: String?
    package var disabled: Bool

    package init(_ channel: WebhookEndpoint) {
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
