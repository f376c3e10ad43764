import Foundation

/// A fired alarm as the outbox keeps it for delivery: written in the transaction that records the
/// firing (``EvaluationStore/commitEvaluation(firedEvents:lateAfter:state:forKey:loggedFixes:during:)``), so it
/// exists exactly when the firing was committed.
public struct OutboxEvent: Hashable, Sendable {
    /// What happened, as webhook consumers filter it (`alarm.*`).
    public enum EventType: String, Hashable, Sendable, CaseIterable {
        case arrive = "alarm.arrive"
        case leave = "alarm.leave"
        case time = "alarm.time"

        public init(_ kind: AlarmEvent.Kind) {
            self =
                switch kind {
                case .enter: .arrive
                case .leave: .leave
                case .time: .time
                }
        }
    }

    /// The fix that fired a location alarm.
    public struct FixRecord: Hashable, Sendable {
        public var latitude: Double
        public var longitude: Double
        public var accuracy: Double?
        public var time: Date?
    }

    /// The watched place; the radius is the one the geofence used (metres).
    public struct PlaceRecord: Hashable, Sendable {
        public var title: String
        public var latitude: Double
        public var longitude: Double
        public var radius: Double

        public init(title: String, latitude: Double, longitude: Double, radius: Double) {
            self.title = title
            self.latitude = latitude
            self.longitude = longitude
            self.radius = radius
        }
    }

    /// ``EventID`` of the firing: the same firing always gets the same id.
    public var id: String
    /// The outbox's insertion order (1, 2, …; never reused): what cursors count in. 0 before insertion.
    public var sequence: Int64
    public var type: EventType
    public var reminder: AlarmEvent.ReminderSummary
    public var alarmID: String
    /// The device whose fix fired the alarm; nil for `alarm.time`.
    public var device: String?
    /// When it happened: the fix's time, or a time alarm's instant.
    public var time: Date
    public var fix: FixRecord?
    public var location: PlaceRecord?
    /// Metres from the fix to the place's centre.
    public var distance: Double?
    /// The wall clock when the firing was committed.
    public var recordedDate: Date
    /// The event happened more than the evaluator's `lateAfter` before it was recorded (a phone's backlog).
    public var late: Bool
    /// The accounts it is for (``AlarmEvent/people``); empty: everyone (a store of one account).
    public var people: [String]
    /// The members of the reminder's list when it fired (``AlarmEvent/readers``); empty: not
    /// recorded (a store of one account, or an event older than the column).
    public var readers: [String]

    public init(
        id: String, sequence: Int64 = 0, type: EventType, reminder: AlarmEvent.ReminderSummary, alarmID: String,
        device: String?, time: Date, fix: FixRecord?, location: PlaceRecord?, distance: Double?,
        recordedDate: Date, late: Bool, people: [String] = [], readers: [String] = []
    ) {
        self.id = id
        self.sequence = sequence
        self.type = type
        self.reminder = reminder
        self.alarmID = alarmID
        self.device = device
        self.time = time
        self.fix = fix
        self.location = location
        self.distance = distance
        self.recordedDate = recordedDate
        self.late = late
        self.people = people
        self.readers = readers
    }

    /// The outbox row for `event`, recorded at `recordedDate`; late when it happened more than
    /// `lateAfter` seconds before.
    public init(_ event: AlarmEvent, recordedDate: Date, lateAfter: TimeInterval) {
        let fix = event.kind == .time ? nil : event.fix
        self.init(
            id: event.id, type: EventType(event.kind), reminder: event.reminder, alarmID: event.alarm.id,
            device: fix?.device, time: event.time,
            fix: fix.map {
                FixRecord(
                    latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude,
                    accuracy: $0.accuracy, time: $0.time)
            },
            location: event.kind == .time
                ? nil
                : event.location.map {
                    PlaceRecord(title: $0.title, latitude: $0.latitude, longitude: $0.longitude, radius: $0.effectiveRadius)
                },
            distance: event.kind == .time ? nil : event.distance,
            recordedDate: recordedDate, late: recordedDate.timeIntervalSince(event.time) > lateAfter, people: event.people,
            readers: event.readers)
    }
}

extension AlarmEvent {
    /// The firing's stable identifier (``EventID``): the outbox row's id, `webhook-id`, SSE `id:`.
    public var id: String { EventID.make(reminderID: reminder.id, alarmID: alarm.id, time: time) }
}
