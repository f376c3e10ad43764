import GeofenceEngine

/// What one request carried: the fixes (device set on each), and messages understood but not
/// locations (OwnTracks `status`, `lwt`, `card`...), which are counted and ignored; and what the
/// phone said of itself (speed, battery), for the live map.
package struct LocationReport: Hashable, Sendable {
    package var fixes: [Fix]
    /// The `_type` (or other kind) of messages accepted but ignored.
    package var ignored: [String]
    /// Speed, battery and altitude where the app sent them, one per fix that had any.
    package var readings: [DeviceReading]
    /// Crossings the phone reports of regions it watches for the store (OwnTracks `transition`).
    package var crossings: [ReportedCrossing]

    package init(fixes: [Fix], ignored: [String] = [], readings: [DeviceReading] = [], crossings: [ReportedCrossing] = []) {
        self.fixes = fixes
        self.ignored = ignored
        self.readings = readings
        self.crossings = crossings
    }

    /// The devices the request speaks for: every one must be the credential's to post as.
    package var devices: [String] { fixes.compactMap(\.device) + crossings.compactMap(\.fix.device) }
}
