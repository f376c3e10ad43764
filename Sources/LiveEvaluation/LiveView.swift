import Foundation
import GeoReminders

/// What the live map shows of each device: where it was last, how sure, its recent track, and
/// the reminders whose places it is inside.
public struct LiveView: Sendable {
    public struct Device: Sendable {
        public var id: String
        public var latitude: Double
        public var longitude: Double
        public var accuracy: Double?
        public var time: Date?
        /// The last admitted fixes, oldest first (at most ``LiveEvaluator/trackLength``).
        public var track: [(latitude: Double, longitude: Double)]
        public var insideReminderIDs: [String]
    }

    public var devices: [Device]
}
