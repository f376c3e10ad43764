import GeofenceEngine

/// Why alarm evaluation could not start or go on.
public enum EvaluationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A location alarm's place cannot be a geofence (the store normally refuses such places).
    case badLocation(reminderID: String, alarmID: String, reason: String)
    /// The engine refused its options or fences.
    case engine(EngineError)
    /// The state saved under `key` cannot be read (written by another version, or damaged).
    case unreadableState(key: String, reason: String)
    /// `feed` or `finish` was called after `finish`.
    case finished

    public var description: String {
        switch self {
        case let .badLocation(reminderID, alarmID, reason):
            "reminder \(reminderID) has a location alarm (\(alarmID)) that cannot be watched: \(reason); edit its place"
        case let .engine(error):
            error.description
        case let .unreadableState(key, reason):
            "the saved alarm evaluation state '\(key)' cannot be read (\(reason)); delete it to start a new stream"
        case .finished:
            "this evaluation has finished; start a new one to feed more fixes"
        }
    }
}
