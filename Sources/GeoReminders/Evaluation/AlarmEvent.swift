import Foundation
import GeofenceEngine

/// An alarm that fired during alarm evaluation: what the CLI prints, one per line.
public struct AlarmEvent: Hashable, Sendable {
    /// What made the alarm fire.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A device entered the place of an arriving alarm.
        case enter
        /// A device left the place of a leaving alarm.
        case leave
        /// The stream's clock passed an absolute or relative alarm's instant.
        case time
    }

    /// The reminder an event belongs to, as much as an alert shows.
    public struct ReminderSummary: Hashable, Sendable, Codable {
        public var id: String
        public var title: String
        public var priority: Int
        public var creationDate: Date

        public init(id: String, title: String, priority: Int, creationDate: Date) {
            self.id = id
            self.title = title
            self.priority = priority
            self.creationDate = creationDate
        }

        init(_ reminder: Reminder) {
            self.init(id: reminder.id, title: reminder.title, priority: reminder.priority, creationDate: reminder.creationDate)
        }
    }

    /// The fix's time for location kinds; the alarm's own instant for `time`.
    public var time: Date
    public var kind: Kind
    public var reminder: ReminderSummary
    /// The alarm as loaded when evaluation started (its `firedDate` is still nil).
    public var alarm: Alarm
    /// The watched place; nil for `time`.
    public var location: StructuredLocation?
    /// The fix whose transition fired the alarm (its `device` names the device); nil for `time`.
    public var fix: Fix?
    /// Geodesic distance in metres from the fix to the place's centre; nil for `time`.
    public var distance: Double?
    /// The account whose device fired it, on a store of several accounts (docs/people.md); nil
    /// on a store of one, whose events read as they always did.
    public var person: String?
    /// The accounts the alert is for, on a store of several accounts: the person whose device
    /// fired a location alarm, a time alarm's subjects (docs/people.md); empty on a store of one.
    /// Their channels carry it.
    public var people: [String] = []
    /// The members of the reminder's list when it fired, on a store of several accounts: whose
    /// webhooks carry it (a person's program sees every event of the lists they read); empty on a
    /// store of one.
    public var readers: [String] = []

    public init(
        time: Date, kind: Kind, reminder: ReminderSummary, alarm: Alarm,
        location: StructuredLocation? = nil, fix: Fix? = nil, distance: Double? = nil
    ) {
        self.time = time
        self.kind = kind
        self.reminder = reminder
        self.alarm = alarm
        self.location = location
        self.fix = fix
        self.distance = distance
    }
}
