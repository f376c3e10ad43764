import Foundation

/// One location sample from a device, as read from a trace.
///
/// Readers keep what the record said, even when it is unusable (no time, out-of-range
/// coordinates): the engine's admission rules reject and count such fixes, so every
/// record is accounted for in one place.
public struct Fix: Hashable, Sendable {
    /// The instant of the sample (UTC); nil when the record carried no time.
    public var time: Date?
    public var coordinate: Coordinate
    /// Horizontal accuracy radius in metres (68 % confidence, as phones report it).
    public var accuracy: Double?
    /// The device that produced the sample; nil for a single-device trace.
    public var device: String?

    public init(time: Date?, coordinate: Coordinate, accuracy: Double? = nil, device: String? = nil) {
        self.time = time
        self.coordinate = coordinate
        self.accuracy = accuracy
        self.device = device
    }

    public init(time: Date?, latitude: Double, longitude: Double, accuracy: Double? = nil, device: String? = nil) {
        self.init(
            time: time, coordinate: Coordinate(latitude: latitude, longitude: longitude),
            accuracy: accuracy, device: device)
    }
}
