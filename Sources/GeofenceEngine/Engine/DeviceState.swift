/// What the engine believes about one (device, fence) pair.
enum FenceState: UInt8, Codable {
    case unknown, outside, inside
}

/// A fence the device tracks explicitly: an index candidate near it, or a fence whose state is not outside.
struct TrackedFence {
    var fence: Int32
    var state: FenceState
    /// A copy of the fence's model, so measuring reads this contiguous array instead of missing
    /// the cache in the engine's large one.
    var model: FenceModel
    /// Fix time (s since 2001, `Date`'s own reference) the current inside state began; meaningful when inside.
    var insideSince: Double = 0
    var dwellReported = false
}

/// One device's state. Fences not in `tracked` are outside when `decided`, unknown otherwise, so
/// the state's size follows the fences near the device, not the number of fences.
struct DeviceState {
    var name: String?
    /// Time (s since 2001, `Date`'s own reference) and place of the last admitted fix.
    var lastTime: Double?
    var lastCoordinate = Coordinate(latitude: 0, longitude: 0)
    /// False before the first admitted fix and after a stale reset: every fence is unknown.
    var decided = false
    /// The box whose index candidates `tracked` holds; fences whose envelope misses it are not tracked.
    var cache = Envelope.empty
    /// Sorted by fence index, no duplicates.
    var tracked: [TrackedFence] = []
    /// Parallel to `tracked` (kept apart so the per-fix scan reads 8 bytes a fence): the
    /// ``travelled`` value before which that fence's state cannot change, set at each measurement
    /// to the distance left to the deciding boundary (outside: d − r; inside: r + h − d).
    /// −∞ forces a measurement (unknown states, polygons, new candidates).
    var checkAt: [Double] = []
    /// How many tracked fences are inside (kept as states change, for ``EngineStatistics/insidePairs``).
    var insideCount = 0
    /// An upper bound of the metres walked since tracking began (sum of steps), compared with
    /// ``checkAt`` so that fences far from their boundary are not measured again.
    var travelled = 0.0
    /// Metres per radian of longitude, upper bound over the cache box's latitudes (for step lengths).
    var eastScaleBound = 0.0

    init(name: String?) { self.name = name }

    /// Stale timeout: forget every state, keep the fix history for ordering.
    mutating func forgetStates() {
        decided = false
        tracked.removeAll(keepingCapacity: true)
        checkAt.removeAll(keepingCapacity: true)
        insideCount = 0
        cache = .empty
    }
}
