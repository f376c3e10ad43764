import GeoReminders
import GeofenceEngine

/// What became of one request's fixes once committed.
public struct IngestOutcome: Hashable, Sendable {
    public var admitted = 0
    /// Not admitted, by reason (`duplicate`: same device and fix time as one already admitted).
    public var rejected: [RejectionReason: Int] = [:]
    /// Handed to another evaluator (a partition's owner, docs/scaling.md), which counts them
    /// admitted or rejected when it takes them.
    public var queued = 0
    /// The phone's reported crossings, by what became of them.
    public var crossings: [CrossingOutcome: Int] = [:]

    public init() {}
}

/// What one group commit recorded, for metrics.
public struct CommitRecord: Sendable {
    /// Requests in the transaction.
    public var requests: Int
    /// Fired alarms by kind (`arriving`, `leaving`, `time`...).
    public var firedByKind: [String: Int]
    /// Distinct devices that have posted a fix since the server started.
    public var devicesSeen: Int
}
