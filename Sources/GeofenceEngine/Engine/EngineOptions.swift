import Foundation

/// How the engine admits fixes and decides transitions. Every extra behaviour is off by default.
public struct EngineOptions: Hashable, Sendable, Codable {
    /// Metres beyond the radius a fix must reach before an inside state turns outside (h ≥ 0).
    /// Circular fences only: a polygon's state follows `covers` directly.
    public var hysteresis: Double = 0
    /// Fixes whose accuracy (m) is greater than this are dropped as `low-accuracy`; nil admits all.
    public var maxAccuracy: Double?
    /// Emit `enter` when a fence's first decided state is inside.
    public var initialTrigger = false
    /// Emit `dwell` once the state has been inside for this many seconds of fix time
    /// (Android's loitering delay); nil disables dwell.
    public var dwellTime: TimeInterval?
    /// A fix whose accuracy circle straddles the boundary (|d − r| < accuracy) never changes a state
    /// (Android's low-confidence band). Applies to circular fences only.
    public var accuracyAware = false
    /// After this many seconds without an admitted fix from a device, its states return to unknown.
    public var staleTimeout: TimeInterval?
    /// Emit `cross` when two consecutive fixes are outside but the segment between them passes through
    /// a fence (the geodesic for circles; for polygons the straight lon/lat segment, like their edges).
    public var detectCrossings = false
    /// Metres around a fix for which index candidates are fetched and then reused while the device
    /// stays in that box: larger means fewer index queries but more candidates per fix.
    public var candidatePadding: Double = 300
    /// Fixes implying a speed (m/s, geodesic distance over time) above this from the device's last
    /// admitted fix are dropped as `implausible-speed`: a GPS jump never becomes a transition.
    public var maxSpeed: Double?
    /// Fixes less than this many seconds after the device's last admitted fix are dropped as
    /// `too-frequent`.
    public var minInterval: TimeInterval?

    public init(
        hysteresis: Double = 0, maxAccuracy: Double? = nil, initialTrigger: Bool = false,
        dwellTime: TimeInterval? = nil, accuracyAware: Bool = false, staleTimeout: TimeInterval? = nil,
        detectCrossings: Bool = false, candidatePadding: Double = 300,
        maxSpeed: Double? = nil, minInterval: TimeInterval? = nil
    ) {
        self.hysteresis = hysteresis
        self.maxAccuracy = maxAccuracy
        self.initialTrigger = initialTrigger
        self.dwellTime = dwellTime
        self.accuracyAware = accuracyAware
        self.staleTimeout = staleTimeout
        self.detectCrossings = detectCrossings
        self.candidatePadding = candidatePadding
        self.maxSpeed = maxSpeed
        self.minInterval = minInterval
    }

    func validate() throws(EngineError) {
        func check(_ name: String, _ value: Double?, allowZero: Bool = true) throws(EngineError) {
            guard let value else { return }
            guard value.isFinite, allowZero ? value >= 0 : value > 0 else { throw .invalidOption(name: name, value: value) }
        }
        try check("hysteresis", hysteresis)
        try check("max-accuracy", maxAccuracy)
        try check("dwell", dwellTime)
        try check("stale-timeout", staleTimeout, allowZero: false)
        try check("candidate-padding", candidatePadding)
        try check("max-speed", maxSpeed, allowZero: false)
        try check("min-interval", minInterval)
    }
}
