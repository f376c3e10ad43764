import Foundation
import GeofenceEngine

/// `fix` is encoded as `{"latitude", "longitude", "time", "accuracy"?, "device"?}`, since the engine's
/// `Fix` is not Codable (it knows nothing of formats); nil members are omitted.
extension AlarmEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case time, kind, reminder, alarm, location, fix, distance
    }

    private struct FixValue: Codable {
        var latitude: Double
        var longitude: Double
        var time: Date?
        var accuracy: Double?
        var device: String?
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = try container.decode(Date.self, forKey: .time)
        kind = try container.decode(Kind.self, forKey: .kind)
        reminder = try container.decode(ReminderSummary.self, forKey: .reminder)
        alarm = try container.decode(Alarm.self, forKey: .alarm)
        location = try container.decodeIfPresent(StructuredLocation.self, forKey: .location)
        fix = try container.decodeIfPresent(FixValue.self, forKey: .fix).map {
            Fix(time: $0.time, latitude: $0.latitude, longitude: $0.longitude, accuracy: $0.accuracy, device: $0.device)
        }
        distance = try container.decodeIfPresent(Double.self, forKey: .distance)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(kind, forKey: .kind)
        try container.encode(reminder, forKey: .reminder)
        try container.encode(alarm, forKey: .alarm)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encodeIfPresent(
            fix.map {
                FixValue(
                    latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, time: $0.time,
                    accuracy: $0.accuracy, device: $0.device)
            }, forKey: .fix)
        try container.encodeIfPresent(distance, forKey: .distance)
    }
}
