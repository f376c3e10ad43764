import GeofenceEngine

/// What one request carried: the fixes (device set on each), and messages understood but not
/// locations (OwnTracks `status`, `lwt`, `card`...), which are counted and ignored; and what the
/// phone said of itself (speed, battery), for the live map.
public struct LocationReport: Hashable, Sendable {
    public var fixes: [Fix]
    /// The `_type` (or other kind) of messages accepted but ignored.
    public var ignored: [String]
    /// Speed, battery and altitude where the app sent them, one per fix that had any.
    public var readings: [DeviceReading]

    public init(fixes: [Fix], ignored: [String] = [], readings: [DeviceReading] = []) {
        self.fixes = fixes
        self.ignored = ignored
        self.readings = readings
    }
}
