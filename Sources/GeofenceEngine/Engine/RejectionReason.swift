/// Why a fix was not admitted. Raw values are stable kebab-case keys (the CLI prints them as JSON keys).
public enum RejectionReason: String, CaseIterable, Hashable, Sendable, Codable {
    /// Latitude outside [-90, 90], longitude outside [-180, 180], or not finite.
    case badCoordinates = "bad-coordinates"
    /// The record had no timestamp.
    case noTime = "no-time"
    /// A time outside ``FixTimeWindow`` (before 1970 or from the year 10000 on), or, live, later
    /// than ``GeofenceEngine/latestAdmissibleTime`` (ahead of the server's clock by more than its tolerance).
    case badTime = "bad-time"
    /// Not strictly after the previous admitted fix of the same device.
    case outOfOrder = "out-of-order"
    /// Accuracy greater than ``EngineOptions/maxAccuracy``.
    case lowAccuracy = "low-accuracy"
    /// The same time and place as the device's last admitted fix (a record written twice).
    case duplicate
    /// Closer in time to the device's last admitted fix than ``EngineOptions/minInterval``.
    case tooFrequent = "too-frequent"
    /// Implies a speed from the device's last admitted fix above ``EngineOptions/maxSpeed``.
    case implausibleSpeed = "implausible-speed"
}

/// Encodes `[RejectionReason: Int]` as a JSON object keyed by the kebab-case reasons.
extension RejectionReason: CodingKeyRepresentable {}

/// What the engine did with one fix.
public enum FixDisposition: Hashable, Sendable {
    case admitted
    case rejected(RejectionReason)
}

/// Counts kept by the engine; saved in snapshots so a split stream counts as one.
public struct EngineStatistics: Hashable, Sendable, Codable {
    public var admitted = 0
    public var rejected: [RejectionReason: Int] = [:]
    /// (admitted fix, fence) pairs whose state was inside after the fix: a cross-check figure of the
    /// engine's work, so it leaves out fences retired by then (``GeofenceEngine/retire(fence:from:)``).
    public var insidePairs = 0
    /// Polygon predicates GEOS failed to evaluate (the state was left unchanged); expected to be 0.
    public var geosFailures = 0

    public init() {}

    /// Rejections as `[key: count]` for every reason, zeros included, e.g. `["bad-coordinates": 0, …]`.
    public var rejectedByKey: [String: Int] {
        Dictionary(uniqueKeysWithValues: RejectionReason.allCases.map { ($0.rawValue, rejected[$0, default: 0]) })
    }
}
