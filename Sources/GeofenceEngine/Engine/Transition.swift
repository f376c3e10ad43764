import Foundation

/// A change the engine reports for one fence and one device.
public struct Transition: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case enter, leave, dwell, cross
    }

    public var kind: Kind
    /// The fence's position in the engine's ``GeofenceEngine/fences``: callers that registered the
    /// fences map it to what a fence stands for through an array, without hashing its id.
    /// (Declared beside `kind`, it fills the padding before `fenceID`: transitions stay as small.)
    public var fenceIndex: Int32
    public var fenceID: String
    /// The fix that caused the transition (its `device` is the device).
    public var fix: Fix
    /// Geodesic distance in metres from the fix to the circle's centre, or to a polygon's nearest edge.
    public var distance: Double?
    /// The estimated instant the track crossed the boundary, interpolated linearly in time along the
    /// geodesic between the previous and this fix; nil when there is no previous fix, when the
    /// segment does not cross the boundary (the crossing happened while in the hysteresis or
    /// accuracy band), and for `dwell`. For `cross`, the instant of closest approach to a circle's
    /// centre, or of entry into a polygon.
    public var crossingTime: Date?

    /// The fix's time (transitions are stamped with the fix that caused them).
    public var time: Date { fix.time ?? .distantPast }

    public init(kind: Kind, fenceID: String, fenceIndex: Int32, fix: Fix, distance: Double?, crossingTime: Date?) {
        self.kind = kind
        self.fenceID = fenceID
        self.fenceIndex = fenceIndex
        self.fix = fix
        self.distance = distance
        self.crossingTime = crossingTime
    }
}
