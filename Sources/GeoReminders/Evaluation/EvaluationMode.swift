/// Whether alarm evaluation records what it fired.
public enum EvaluationMode: String, Hashable, Sendable, CaseIterable {
    /// Saves fired alarms and the engine's state in the store, in the transaction that hands
    /// out the events, so the next run continues the same stream.
    case commit
    /// Reads the store's state but never writes (`georemind feed --dry-run`, `simulate`).
    case dryRun = "dry-run"
}
