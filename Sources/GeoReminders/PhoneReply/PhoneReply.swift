/// What the reply to one post of a phone carries: the alerts it has not acknowledged, and its
/// regions when the set changed since the set it acknowledged.
public struct PhoneReply: Hashable, Sendable {
    public var alerts: [PhoneAlert]
    /// The phone's whole region set, nearest first; nil when there is nothing new to send.
    public var regions: [PhoneRegion]?

    public init(alerts: [PhoneAlert] = [], regions: [PhoneRegion]? = nil) {
        self.alerts = alerts
        self.regions = regions
    }

    public var isEmpty: Bool { alerts.isEmpty && regions == nil }
}
