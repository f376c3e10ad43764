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
package struct EventJSON: Encodable {
    package struct Payload: Encodable {
        package var id: String
        package var reminder: AlarmEventJSON.ReminderRef
        package var alarm: AlarmRef
        package var device: String?
        package var location: LocationJSON?
        package var fix: FixRef?
        /// Metres from the place's centre to the fix, to a tenth.
        package var distance: Double?
        package var late: Bool
        package var recorded: String
    }

    package struct AlarmRef: Encodable {
        package var id: String
    }

    package struct FixRef: Encodable {
        package var latitude: Double
        package var longitude: Double
        /// Metres, as the device reported it.
        package var accuracy: Double?
        package var time: String?
    }

    package var type: String
    package var timestamp: String
    package var data: Payload

    package init(_ event: OutboxEvent) {
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
    package static func body(_ event: OutboxEvent) throws -> [UInt8] {
        Array(try JSONLines.makeEncoder().encode(EventJSON(event)))
    }
}
