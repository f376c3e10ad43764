/// When a location alarm fires, as EventKit's `EKAlarmProximity`.
public enum Proximity: String, Hashable, Sendable, Codable, CaseIterable {
    /// No geofence: the alarm carries a location but never fires on it.
    case none
    /// Fires on entering the location's geofence.
    case enter
    /// Fires on leaving the location's geofence.
    case leave
}
