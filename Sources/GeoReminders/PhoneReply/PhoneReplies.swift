import Foundation
import GeofenceEngine

/// Composes the reply to a phone's post: its pending alerts from the outbox and its nearest
/// regions from the reminders, remembering in the store what it carried (``PhoneReplyState``).
///
/// A pull-style channel of the one outbox: the alerts a phone has not acknowledged are the outbox
/// events fired by the devices it speaks for after its acknowledged sequence, so nothing is queued
/// per phone and nothing waits for a dispatcher (docs/notifications.md).
public struct PhoneReplies: Sendable {
    public let access: any StoreAccess
    public let outbox: any OutboxReading
    public let states: any PhoneReplyStates
    /// Whether the reminders or the people changed since the regions were last read.
    public let stamps: any RegionStamps
    /// Most alerts in one reply; the rest follow in the next replies, in order.
    public var alertLimit = 10
    public var regionLimit = PhoneRegion.phoneLimit

    /// The regions, read from the store once a second at most, not at every post.
    public let catalog: RegionCatalog

    public init(
        access: any StoreAccess, outbox: any OutboxReading, states: any PhoneReplyStates, stamps: any RegionStamps,
        catalog: RegionCatalog = RegionCatalog()
    ) {
        self.access = access
        self.stamps = stamps
        self.outbox = outbox
        self.states = states
        self.catalog = catalog
    }

    /// The devices whose alarms a phone is told of: for now the phone itself. With accounts this
    /// becomes every device of the phone's person; the outbox query already takes a set.
    public func devices(speakingFor phone: String) -> [String] { [phone] }

    /// The reply to `phone`'s message of `messageDate` (its `tst`), sent from `position` when it
    /// is a location.
    /// - Parameter receivedDate: when the request arrived. A phone seen for the first time starts
    ///   after the alerts recorded before that (an older backlog is not dumped on a new phone).
    public func reply(to phone: String, messageDate: Date?, position: Coordinate?, receivedDate: Date) throws -> PhoneReply {
        let devices = devices(speakingFor: phone)
        let known = try states.phoneReplyState(phone: phone)
        let state =
            try known ?? PhoneReplyState(phone: phone, acknowledged: outbox.outboxSequence(devices: devices, recordedBefore: receivedDate))
        let regions = try position.map { position in
            try catalog.regions(
                for: phone, at: position, limit: regionLimit, now: receivedDate,
                account: { try states.phoneAccount(phone: phone) },
                stamp: { try stamps.regionStamp() },
                read: {
                    try access.reading([.reminders, .credentials]) { store in
                        (try store.reminders(matching: Self.open), try store.peopleBook())
                    }
                })
        }
        let from = state.acknowledging(messageDate).acknowledged
        let pending = try outbox.outboxEvents(devices: devices, after: from, limit: alertLimit).compactMap(PhoneAlert.init)
        let (next, reply) = state.answering(messageDate, pending: pending, regions: regions)
        guard next != known else { return reply }
        // Decided again on the row as it is now: another request of the same phone may have moved it.
        return try states.updatePhoneReplyState(phone: phone) { row in
            let current = row ?? state
            let (decided, answer) = current.answering(messageDate, pending: pending, regions: regions)
            return (decided != current || current != known ? decided : nil, answer)
        }
    }

    static let open = ReminderPredicate(completion: .incomplete, locationOnly: true)
}
