import CivilTime
import Foundation

/// A reminder's alarm, as EventKit's `EKAlarm`: an instant, an offset from the due date,
/// or a place.
///
/// `firedDate` and `acknowledgedDate` belong to alarm evaluation, which sets them; the store
/// keeps them through edits of the same alarm (same `id`).
public struct Alarm: Hashable, Sendable, Codable, Identifiable {
    /// What makes an alarm fire.
    public enum Trigger: Hashable, Sendable, Codable {
        /// At this instant.
        case absolute(date: Date)
        /// This many seconds after the reminder's due date (negative: before). For an all-day due
        /// date the offset counts from 00:00 of that day in the reminder's time zone.
        case relative(offset: Double)
        /// On entering or leaving a place.
        case location(location: StructuredLocation, proximity: Proximity)
    }

    /// Stable identifier (lowercase UUID text), so fired state survives edits.
    public var id: String
    public var trigger: Trigger
    /// When alarm evaluation fired this alarm; nil while it has not.
    public var firedDate: Date?
    /// When the person dismissed the fired alarm; nil while they have not.
    public var acknowledgedDate: Date?

    public init(
        id: String = UUID().uuidString.lowercased(), trigger: Trigger,
        firedDate: Date? = nil, acknowledgedDate: Date? = nil
    ) {
        self.id = id
        self.trigger = trigger
        self.firedDate = firedDate
        self.acknowledgedDate = acknowledgedDate
    }

    public static func absolute(_ date: Date) -> Alarm { Alarm(trigger: .absolute(date: date)) }
    public static func relative(_ offset: Double) -> Alarm { Alarm(trigger: .relative(offset: offset)) }
    public static func location(_ location: StructuredLocation, _ proximity: Proximity) -> Alarm {
        Alarm(trigger: .location(location: location, proximity: proximity))
    }

    /// The place and proximity of a location alarm that can fire (proximity enter or leave).
    public var geofence: (location: StructuredLocation, proximity: Proximity)? {
        guard case let .location(location, proximity) = trigger, proximity != .none else { return nil }
        return (location, proximity)
    }

    /// The instant a timed alarm fires for a reminder due at `due`; nil for location alarms and
    /// for relative alarms without a due date. Floating due dates are read in `floatingZone`.
    public func fireDate(due: CivilDateTime?, floatingZone: TimeZone = .current) -> Date? {
        switch trigger {
        case let .absolute(date):
            return date
        case let .relative(offset):
            guard let due else { return nil }
            return due.instant(floatingZone: floatingZone).addingTimeInterval(offset)
        case .location:
            return nil
        }
    }
}
