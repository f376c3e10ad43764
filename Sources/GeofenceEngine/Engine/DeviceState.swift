/// What the engine believes about one (device, fence) pair.
enum FenceState: UInt8, Codable {
    case unknown, outside, inside
}

/// A fence the device tracks explicitly: an index candidate near it, or a fence whose state is not outside.
struct TrackedFence {
    var fence: Int32
    var state: FenceState
    /// Fix time (s since 1970) the current inside state began; meaningful when inside.
    var insideSince: Double = 0
    var dwellReported = false
}

/// One device's state. Fences not in `tracked` are outside when `decided`, unknown otherwise, so
/// the state's size follows the fences near the device, not the number of fences.
struct DeviceState {
    var name: String?
    /// Time (s since 1970) and place of the last admitted fix.
    var lastTime: Double?
    var lastCoordinate = Coordinate(latitude: 0, longitude: 0)
    /// False before the first admitted fix and after a stale reset: every fence is unknown.
    var decided = false
    /// The box whose index candidates `tracked` holds; fences whose envelope misses it are not tracked.
    var cache = Envelope.empty
    /// Sorted by fence index, no duplicates.
    var tracked: [TrackedFence] = []

    init(name: String?) { self.name = name }

    /// Stale timeout: forget every state, keep the fix history for ordering.
    mutating func forgetStates() {
        decided = false
        tracked.removeAll(keepingCapacity: true)
        cache = .empty
    }
}
