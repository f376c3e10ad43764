import LiveEvaluation

/// What one commit of a partition's evaluation recorded, for metrics.
public struct PartitionCommit: Sendable {
    public var partition: Int
    /// The inbox fixes taken, as the evaluator disposed of them (duplicates and out-of-order
    /// fixes are counted here, by the owner, not by the instance that received them).
    public var outcome: IngestOutcome
    /// Fired alarms by kind (`arrive`, `leave`, `time`...).
    public var firedByKind: [String: Int]
}
