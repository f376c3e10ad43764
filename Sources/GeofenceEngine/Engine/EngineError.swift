/// Why an engine could not be built or restored.
public enum EngineError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidOption(name: String, value: Double)
    case fence(FenceError)
    case geos(GEOSError)
    /// A snapshot names a fence the engine does not have (the fence set changed between runs).
    case unknownFenceInSnapshot(fence: String, device: String?)

    public var description: String {
        switch self {
        case let .invalidOption(name, value):
            "option \(name) = \(value) must be a finite number ≥ 0\(name == "stale-timeout" ? " (and > 0)" : "")"
        case let .fence(error): error.description
        case let .geos(error): error.description
        case let .unknownFenceInSnapshot(fence, device):
            "saved state of device \(device.map { "'\($0)'" } ?? "(default)") names fence '\(fence)', which is not loaded; load the same fences as the run that saved it"
        }
    }
}
