import Foundation

/// What the live map shows of each device: where it was last, how sure, its recent track, and
/// the reminders whose places it is inside. Built by a SQLite server's evaluator, or stored per
/// device by a shared store's partition owners (SharedStore's `deviceLive`).
public struct LiveView: Sendable {
    public struct Device: Sendable {
        public var id: String
        public var latitude: Double
        public var longitude: Double
        public var accuracy: Double?
        public var time: Date?
        /// The last admitted fixes, oldest first (as many as the server keeps).
        public var track: [(latitude: Double, longitude: Double)]
        public var insideReminderIDs: [String]

        public init(
            id: String, latitude: Double, longitude: Double, accuracy: Double?, time: Date?,
            track: [(latitude: Double, longitude: Double)], insideReminderIDs: [String]
        ) {
            self.id = id
            self.latitude = latitude
            self.longitude = longitude
            self.accuracy = accuracy
            self.time = time
            self.track = track
            self.insideReminderIDs = insideReminderIDs
        }
    }

    public var devices: [Device]

    public init(devices: [Device]) {
        self.devices = devices
    }
}

extension LiveView {
    /// What one person may see of it (docs/people.md): the devices `owns` says are theirs, each
    /// inside only the reminders they can read.
    public func seen(owning owns: (String) -> Bool, reading visible: Set<String>) -> LiveView {
        LiveView(
            devices: devices.filter { owns($0.id) }.map { device in
                var device = device
                device.insideReminderIDs = device.insideReminderIDs.filter(visible.contains)
                return device
            })
    }
}
