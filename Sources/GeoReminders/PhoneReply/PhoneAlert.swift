import Foundation

/// A fired location alarm as a phone shows it (OwnTracks: a `transition` message in the reply to
/// its post): built from the alarm's outbox event, so the phone is told exactly what every other
/// channel is told.
public struct PhoneAlert: Hashable, Sendable {
    public enum Event: String, Hashable, Sendable {
        case enter, leave
    }

    /// The outbox event this alert is (its ``OutboxEvent/sequence`` is what the phone acknowledges).
    public var eventID: String
    public var sequence: Int64
    public var event: Event
    /// `Title (Place)` as the region on the phone is named (without iOS's `desc` syntax).
    public var text: String
    /// When the alarm fired: the fix's time.
    public var time: Date
    /// The alarm's region on the phone (``PhoneRegion/id(reminderID:alarmID:)``, ``PhoneRegion/stamp(reminderID:alarmID:)``).
    public var regionID: String
    public var regionStamp: Int
    /// Where the phone was: the fix that fired the alarm (the place's centre when the event has none).
    public var latitude: Double
    public var longitude: Double
    /// The fix's accuracy in whole metres, at most 1,000 km; 0 when unknown.
    public var accuracy: Int

    /// The alert for a location alarm's outbox event; nil for a time alarm (no place, no device).
    public init?(_ event: OutboxEvent) {
        let kind: Event
        switch event.type {
        case .arrive: kind = .enter
        case .leave: kind = .leave
        case .time: return nil
        }
        self.eventID = event.id
        self.sequence = event.sequence
        self.event = kind
        self.text = PhoneRegion.safeTitle(PhoneRegion.displayTitle(reminder: event.reminder.title, place: event.location?.title ?? ""))
        self.time = event.time
        self.regionID = PhoneRegion.id(reminderID: event.reminder.id, alarmID: event.alarmID)
        self.regionStamp = PhoneRegion.stamp(reminderID: event.reminder.id, alarmID: event.alarmID)
        self.latitude = event.fix?.latitude ?? event.location?.latitude ?? 0
        self.longitude = event.fix?.longitude ?? event.location?.longitude ?? 0
        // A phone may claim any accuracy; a word of a crossing fires whatever it says (1e300 trapped here).
        self.accuracy = event.fix?.accuracy.map { Int(min(max($0, 0), 1_000_000).rounded()) } ?? 0
    }
}
