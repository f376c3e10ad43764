/// A failure reported by GEOS through its context's error handler, or a null result.
public enum GEOSError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `operation` names the GEOS call; `message` is what GEOS reported (empty when it said nothing).
    case failed(operation: String, message: String)

    public var description: String {
        switch self {
        case let .failed(operation, message):
            "GEOS \(operation) failed: \(message.isEmpty ? "no message" : message)"
        }
    }
}
