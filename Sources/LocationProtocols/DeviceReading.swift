import Foundation

/// What a phone said of itself beside a fix, in one set of units whatever the app sent: speed in
/// metres per second (OwnTracks sends km/h, the Traccar clients' query knots), battery as a
/// fraction (OwnTracks, OsmAnd and GPSLogger send a percentage), altitude in metres. Nil: not sent,
/// or sent as unknown (negative, as Android and iOS report an unknown speed).
package struct DeviceReading: Hashable, Sendable {
    package var device: String
    package var time: Date
    package var speed: Double?
    package var battery: Double?
    package var altitude: Double?

    package init(device: String, time: Date, speed: Double? = nil, battery: Double? = nil, altitude: Double? = nil) {
        self.device = device
        self.time = time
        self.speed = speed
        self.battery = battery
        self.altitude = altitude
    }
}

/// The units apps send speeds in.
enum SpeedUnit {
    case metresPerSecond, kilometresPerHour, knots

    /// Metres per second in one of this unit.
    var metresPerSecond: Double {
        switch self {
        case .metresPerSecond: 1
        case .kilometresPerHour: 1000.0 / 3600.0
        case .knots: 1852.0 / 3600.0
        }
    }
}

extension FieldValues {
    /// A speed in m/s; negative or not a finite number: unknown.
    static func speed(_ value: LooseJSONValue?, in unit: SpeedUnit) -> Double? {
        guard let number = number(value), number.isFinite, number >= 0 else { return nil }
        return number * unit.metresPerSecond
    }

    /// A battery level as a fraction, from a percentage (0–100) or a fraction (0–1) as the app sends it.
    static func battery(_ value: LooseJSONValue?, percent: Bool) -> Double? {
        guard let number = number(value), number.isFinite, number >= 0 else { return nil }
        let fraction = percent ? number / 100 : number
        return fraction <= 1 ? fraction : nil
    }

    static func altitude(_ value: LooseJSONValue?) -> Double? {
        guard let metres = number(value), metres.isFinite else { return nil }
        return metres
    }
}
