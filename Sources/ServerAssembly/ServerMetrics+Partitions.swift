import GeoServer
import SharedEvaluation

extension ServerMetrics {
    /// A partition's commit on a shared store: its owner counts the inbox fixes it took
    /// (`protocol="inbox"`: the receiving instance counted them queued) and the alarms they fired.
    func partitionCommitted(_ commit: PartitionCommit) {
        admitted(commit.outcome.admitted, protocol: "inbox")
        for (reason, count) in commit.outcome.rejected { rejected(count, reason: reason.rawValue) }
        crossings(commit.outcome.crossings)
        fired(commit.firedByKind)
    }
}
