import Foundation
import GeoReminders

/// An outbox event as every front sends it — webhook bodies now, the event stream and the REST API
/// later — in the Standard Webhooks payload shape `{"type", "timestamp", "data": {...}}`
/// (<https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md#payload-structure>):
///
///     {"data":{"alarm":{"id":"…"},"device":"phone","distance":262.4,"fix":{"accuracy":5,"latitude":…,
///      "longitude":…,"time":"2026-11-23T22:05:00Z"},"id":"evt_…","late":false,"location":{"latitude":…,
///      "longitude":…,"radius":100,"title":"Work"},"recorded":"2026-11-23T22:05:01Z",
///      "reminder":{"id":"…","priority":0,"title":"Leave work"}},
///      "timestamp":"2026-11-23T22:05:00Z","type":"alarm.leave"}
///
/// `timestamp` is when the event happened (the fix's time, or a time alarm's instant); keys sorted,
/// so the same event always encodes to the same bytes (a retry sends what was signed before).
public struct EventJSON: Encodable {
    public struct Payload: Encodable {
        public var id: String
        public var reminder: AlarmEventJSON.ReminderRef
        public var alarm: AlarmRef
        public var device: String?
        public var location: LocationJSON?
        public var fix: FixRef?
        /// Metres from the place's centre to the fix, to a tenth.
        public var distance: Double?
        public var late: Bool
        public var recorded: String
    }

    public struct AlarmRef: Encodable {
        public var id: String
    }

    public struct FixRef: Encodable {
        public var latitude: Double
        public var longitude: Double
        /// Metres, as the device reported it.
        public var accuracy: Double?
        public var time: String?
    }

    public var type: String
    public var timestamp: String
    public var data: Payload

    public init(_ event: OutboxEvent) {
        type = event.type.rawValue
        timestamp = JSONLines.timestamp(event.time)
        data = Payload(
            id: event.id,
            reminder: AlarmEventJSON.ReminderRef(id: event.reminder.id, title: event.reminder.title, priority: event.reminder.priority),
            alarm: AlarmRef(id: event.alarmID), device: event.device,
            location: event.location.map {
                LocationJSON(title: $0.title, latitude: $0.latitude, longitude: $0.longitude, radius: $0.radius)
            },
            fix: event.fix.map {
                FixRef(latitude: $0.latitude, longitude: $0.longitude, accuracy: $0.accuracy, time: $0.time.map(JSONLines.timestamp))
            },
            distance: event.distance.map { ($0 * 10).rounded() / 10 }, late: event.late,
            recorded: JSONLines.timestamp(event.recordedDate))
    }

    /// The UTF-8 body: sorted keys, slashes unescaped, no trailing newline.
    public static func body(_ event: OutboxEvent) throws -> [UInt8] {
        Array(try JSONLines.makeEncoder().encode(EventJSON(event)))
    }
}
