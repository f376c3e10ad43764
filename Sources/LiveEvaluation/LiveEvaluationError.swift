/// Why live evaluation could not start or a batch could not be committed.
package enum LiveEvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
    case storeBusy(path: String)
    case cannotLock(path: String, reason: String)
    case stopped
    case commitFailed(reason: String)

    package var description: String {
        switch self {
        case let .storeBusy(path):
            "another `georemind serve` is evaluating \(path); stop it first (one server owns a store's evaluation)"
        case let .cannotLock(path, reason):
            "cannot lock \(path): \(reason)"
        case .stopped:
            "the server is shutting down"
        case let .commitFailed(reason):
            "could not commit: \(reason)"
        }
    }
}
