import GeofenceEngine

/// Where the server's routes hand a request's decoded fixes, and what they answer after: the
/// seam between one HTTP front and two ways of evaluating. ``LiveEvaluator`` evaluates them in its
/// next group commit (SQLite); on a shared PostgreSQL store they are posted to their partitions'
/// inboxes and evaluated by each partition's owner (docs/scaling.md).
///
/// Either way, a fix is acknowledged only once it is durable: returning means a `kill -9` of this
/// process loses nothing.
package protocol FixIngestion: Sendable {
    /// Hands over a request's fixes and the crossings its phone reported (evidence for alarms,
    /// docs/alarm-evaluation.md); `tokenName` is the token that authenticated it, if any.
    func submit(_ fixes: [Fix], crossings: [ReportedCrossing], tokenName: String?) async throws -> IngestOutcome

    /// False while the store refuses this instance's commits (a full disk, an unreachable
    /// database): `/readyz` then answers 503, so a balancer sends phones elsewhere. True again
    /// once a commit succeeds.
    var isCommitting: Bool { get }
}

extension FixIngestion {
    /// Hands over a request's fixes alone.
    package func submit(_ fixes: [Fix], tokenName: String?) async throws -> IngestOutcome {
        try await submit(fixes, crossings: [], tokenName: tokenName)
    }
}

extension LiveEvaluator: FixIngestion {}
