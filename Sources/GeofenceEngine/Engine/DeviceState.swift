/// What the engine believes about one (device, fence) pair.
enum FenceState: UInt8, Codable {
    case unknown, outside, inside
}

/// A fence the device tracks explicitly: an index candidate near it, or a fence whose state is not
/// outside. 16 bytes (declared so: `dwellReported` fills the padding before `insideSince`): a
/// parked device keeps only these (see ``DeviceState/models``).
struct TrackedFence {
    var fence: Int32
    var state: FenceState
    var dwellReported = false
    /// Fix time (s since 2001, `Date`'s own reference) the current inside state began; meaningful when inside.
    var insideSince: Double = 0
}

/// One device's state. Fences not in `tracked` are outside when `decided`, unknown otherwise, so
/// the state's size follows the fences near the device, not the number of fences.
///
/// A device whose steps are longer than the candidate padding leaves its box at every fix, so
/// keeping its outside candidates between fixes buys nothing: it is *parked* after each fix, with
/// only its fences that are not outside, no models, budgets or box (a fleet of such devices keeps
/// about 150 bytes each), and its next fix re-queries the index as it would have anyway.
struct DeviceState {
    var name: String?
    /// Time (s since 2001, `Date`'s own reference) of the last admitted fix; NaN before the first
    /// (admitted times are finite), so the record needs no optional's padding.
    private var lastSeconds = Double.nan
    var lastCoordinate = Coordinate(latitude: 0, longitude: 0)
    /// The box whose index candidates `tracked` holds; fences whose envelope misses it are not tracked.
    var cache = CandidateBox.empty
    /// Sorted by fence index, no duplicates.
    var tracked: [TrackedFence] = []
    /// Parallel to `tracked`: a copy of each fence's model, so measuring reads this contiguous array
    /// instead of missing the cache in the engine's large one. Empty while parked.
    var models: [FenceModel] = []
    /// Parallel to `tracked` (kept apart so the per-fix scan reads 8 bytes a fence): the
    /// ``travelled`` value before which that fence's state cannot change, set at each measurement
    /// to the distance left to the deciding boundary (outside: d − r; inside: r + h − d).
    /// −∞ forces a measurement (unknown states, polygons, new candidates). Empty while parked.
    var checkAt: [Double] = []
    /// An upper bound of the metres walked since tracking began (sum of steps), compared with
    /// ``checkAt`` so that fences far from their boundary are not measured again.
    var travelled = 0.0
    /// Metres per radian of longitude, upper bound over the cache box's latitudes (for step lengths).
    var eastScaleBound = 0.0
    /// How many tracked fences are inside (kept as states change, for ``EngineStatistics/insidePairs``).
    var insideCount: Int32 = 0
    /// False before the first admitted fix and after a stale reset: every fence is unknown.
    var decided = false

    init(name: String?) { self.name = name }

    var lastTime: Double? {
        get { lastSeconds.isNaN ? nil : lastSeconds }
        set { lastSeconds = newValue ?? .nan }
    }

    /// Parked: `tracked` holds only fences that are not outside, without models or budgets.
    var isParked: Bool { models.count != tracked.count }

    /// Stale timeout: forget every state, keep the fix history for ordering.
    mutating func forgetStates() {
        decided = false
        tracked.removeAll(keepingCapacity: true)
        models.removeAll(keepingCapacity: true)
        checkAt.removeAll(keepingCapacity: true)
        insideCount = 0
        cache = .empty
    }
}
