/// What an error of a store engine other than the SQLite file means to whoever made the request:
/// a front answers it (503, 409, 500) without knowing the engine.
public enum StoreEngineFailure: Sendable, Equatable {
    /// The store is away for now; the same request can be made again later.
    case unavailable
    /// Other writers kept changing what the request changed.
    case conflict
    /// Anything else: a fault to report.
    case fault
}

/// An engine's own error, read as a ``StoreEngineFailure``.
public protocol StoreEngineError: Error, CustomStringConvertible {
    var failure: StoreEngineFailure { get }
}
