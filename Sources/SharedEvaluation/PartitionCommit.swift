import LiveEvaluation

/// What one commit of a partition's evaluation recorded, for metrics.
package struct PartitionCommit: Sendable {
    package var partition: Int
    /// The inbox fixes taken, as the evaluator disposed of them (duplicates and out-of-order
    /// fixes are counted here, by the owner, not by the instance that received them).
    package var outcome: IngestOutcome
    /// Fired alarms by kind (`arrive`, `leave`, `time`...).
    package var firedByKind: [String: Int]
}
