import Foundation

/// What the store remembers of one phone's replies (table `phoneReply`): a cursor into the outbox
/// and the region set, each acknowledged or carried.
///
/// A reply is acknowledged when the phone posts a *newer* message (a later `tst`) than the one
/// whose reply first carried it: the app sends its queue in order and moves on only after a 2xx, so
/// a newer message means the reply arrived, while the same message again (a retry after a lost
/// reply) means it may not have, and gets everything again. So a lost reply loses no alert, and an
/// acknowledged alert is never sent twice.
public struct PhoneReplyState: Hashable, Sendable {
    /// The device name the phone posts as.
    public var phone: String
    /// Outbox sequence up to which the phone has its alerts.
    public var acknowledged: Int64
    /// The highest outbox sequence a reply carried (at least ``acknowledged``).
    public var carried: Int64
    /// The message time of the message whose reply first carried what is not acknowledged; nil
    /// when nothing is outstanding.
    public var carriedMessageDate: Date?
    /// The region set the phone has (``PhoneRegion/canonical(_:)``; "" none yet).
    public var regions: String
    /// The region set a reply carried that no newer message acknowledged yet.
    public var carriedRegions: String?

    public init(
        phone: String, acknowledged: Int64, carried: Int64? = nil, carriedMessageDate: Date? = nil, regions: String = "",
        carriedRegions: String? = nil
    ) {
        self.phone = phone
        self.acknowledged = acknowledged
        self.carried = max(carried ?? acknowledged, acknowledged)
        self.carriedMessageDate = carriedMessageDate
        self.regions = regions
        self.carriedRegions = carriedRegions
    }

    /// The state once a message of `messageDate` arrived: what a reply carried is acknowledged when
    /// this message is newer than the one whose reply first carried it.
    public func acknowledging(_ messageDate: Date?) -> PhoneReplyState {
        guard let messageDate, let carriedDate = carriedMessageDate, messageDate > carriedDate else { return self }
        var next = self
        next.acknowledged = carried
        if let carriedRegions { next.regions = carriedRegions }
        next.carriedRegions = nil
        next.carriedMessageDate = nil
        return next
    }

    /// The reply to a message of `messageDate`, and the state after it.
    /// - Parameters:
    ///   - pending: the phone's alerts after (at least) the acknowledged sequence, in outbox order.
    ///   - regions: the phone's region set now; nil when not known (a message with no position).
    /// A message without a time gets what is outstanding but cannot be acknowledged by a later one:
    /// what it carries is sent again with the next message.
    public func answering(_ messageDate: Date?, pending: [PhoneAlert], regions: [PhoneRegion]?) -> (
        state: PhoneReplyState, reply: PhoneReply
    ) {
        var next = acknowledging(messageDate)
        let alerts = pending.filter { $0.sequence > next.acknowledged }
        var changedRegions: [PhoneRegion]?
        var changedText: String?
        if let regions {
            let text = PhoneRegion.canonical(regions)
            if text != next.regions {
                changedRegions = regions
                changedText = text
            } else {
                next.carriedRegions = nil
            }
        }
        let reply = PhoneReply(alerts: alerts, regions: changedRegions)
        if let messageDate, !reply.isEmpty {
            next.carried = max(next.carried, alerts.last?.sequence ?? next.carried)
            if next.carriedMessageDate == nil { next.carriedMessageDate = messageDate }
            if let changedText { next.carriedRegions = changedText }
        }
        return (next, reply)
    }
}
