import GeoReminders
import GeofenceEngine

/// What became of one request's fixes once committed.
package struct IngestOutcome: Hashable, Sendable {
    package var admitted = 0
    /// Not admitted, by reason (`duplicate`: same device and fix time as one already admitted).
    package var rejected: [RejectionReason: Int] = [:]
    /// Handed to another evaluator (a partition's owner, docs/scaling.md), which counts them
    /// admitted or rejected when it takes them.
    package var queued = 0
    /// The phone's reported crossings, by what became of them.
    package var crossings: [CrossingOutcome: Int] = [:]

    package init() {}
}

/// What one group commit recorded, for metrics.
package struct CommitRecord: Sendable {
    /// Requests in the transaction.
    package var requests: Int
    /// Fired alarms by kind (`arriving`, `leaving`, `time`...).
    package var firedByKind: [String: Int]
    /// Distinct devices that have posted a fix since the server started.
    package var devicesSeen: Int
}
