/// The fences a caller no longer needs decided from some time on (``GeofenceEngine/retire(fence:from:)``),
/// and an index of the fences still live: where every fence near a device has retired, as in a
/// dense downtown whose alarms have all fired, a fix then costs no index work and no measurement.
struct RetiredFences {
    /// Per fence, the time (s since 2001) from which fixes do not decide it; +∞ while live.
    private(set) var from: [Double]
    /// How many fences have a retirement time.
    private(set) var count = 0
    /// The fences live when it was built (nil when none was left); meaningful once ``hasLiveIndex``.
    private(set) var live: STRTree?
    private(set) var hasLiveIndex = false
    /// ``live`` lacks only fences retired at or before this time, so it answers fixes from then on.
    private(set) var liveFrom = Double.infinity
    private var liveSize: Int
    private var retiredSinceBuild = 0
    /// Every fence's boxes (the full index's entries).
    let entries: [(box: BoundingBox, item: Int32)]

    /// Retirements that trigger a rebuild: at least this many, and half the live index's fences, so
    /// rebuilding costs a small multiple of one index build over a whole run.
    static let rebuildThreshold = 32

    init(fenceCount: Int, entries: [(box: BoundingBox, item: Int32)]) {
        from = Array(repeating: .infinity, count: fenceCount)
        liveSize = fenceCount
        self.entries = entries
    }

    /// Whether fixes at `time` skip `fence`.
    @inline(__always)
    func isRetired(_ fence: Int32, at time: Double) -> Bool {
        count > 0 && from[Int(fence)] <= time
    }

    /// The index to query for a fix at `time`: the live one when it covers that time, else `full`.
    func index(at time: Double, full: STRTree?) -> STRTree? {
        hasLiveIndex && time >= liveFrom ? live : full
    }

    /// Retires `fence` from `time` on (an earlier time than a previous one moves it earlier), and
    /// rebuilds the live index once enough fences left it. A failed build keeps the previous index.
    mutating func retire(_ fence: Int32, from time: Double) throws(GEOSError) {
        let index = Int(fence)
        guard time < from[index] else { return }
        if from[index] == .infinity {
            count += 1
            retiredSinceBuild += 1
        }
        from[index] = time
        guard retiredSinceBuild >= Self.rebuildThreshold, retiredSinceBuild * 2 >= liveSize else { return }
        let kept = entries.filter { from[Int($0.item)] == .infinity }
        live = kept.isEmpty ? nil : try STRTree(entries: kept)
        hasLiveIndex = true
        liveFrom = from.lazy.filter(\.isFinite).max() ?? -.infinity
        liveSize = from.count - count
        retiredSinceBuild = 0
    }
}
