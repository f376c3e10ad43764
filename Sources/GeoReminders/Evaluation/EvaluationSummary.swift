import GeofenceEngine

/// What one evaluation run did with its fixes, for the CLI's summary line.
///
/// The rules (docs/alarm-evaluation.md): fixes with bad coordinates, no time or an impossible time are *rejected* (the record is unusable);
/// fixes out of order or less accurate than the limit are *dropped* (usable, but not used).
/// Every reason of a group appears, zeros included, so the JSON keys are stable.
public struct EvaluationSummary: Hashable, Sendable, Codable {
    public var admitted: Int
    /// `bad-coordinates`, `no-time`, `bad-time`.
    public var rejected: [RejectionReason: Int]
    /// `out-of-order` (per device by the engine, and across devices by the reorder window), `low-accuracy`,
    /// `duplicate`, `too-frequent`, `implausible-speed`.
    public var dropped: [RejectionReason: Int]
    /// Events handed out by this run.
    public var events: Int

    public init(admitted: Int, rejected: [RejectionReason: Int], dropped: [RejectionReason: Int], events: Int) {
        self.admitted = admitted
        self.rejected = rejected
        self.dropped = dropped
        self.events = events
    }

    /// Reasons that reject a record rather than drop a usable fix.
    public static let rejectionReasons: [RejectionReason] = [.badCoordinates, .noTime, .badTime]
    public static let dropReasons: [RejectionReason] = [.outOfOrder, .lowAccuracy, .duplicate, .tooFrequent, .implausibleSpeed]

    /// The run's share of the engine's cumulative statistics, plus fixes the evaluator dropped itself.
    init(statisticsBefore start: EngineStatistics, after end: EngineStatistics, reorderDrops: Int, events: Int) {
        func count(_ reason: RejectionReason) -> Int { end.rejected[reason, default: 0] - start.rejected[reason, default: 0] }
        admitted = end.admitted - start.admitted
        rejected = Dictionary(uniqueKeysWithValues: Self.rejectionReasons.map { ($0, count($0)) })
        dropped = Dictionary(uniqueKeysWithValues: Self.dropReasons.map { ($0, count($0)) })
        dropped[.outOfOrder, default: 0] += reorderDrops
        self.events = events
    }
}
