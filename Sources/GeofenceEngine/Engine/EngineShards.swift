import Dispatch
import Foundation

/// Several engines over the same fences, each owning the devices that a stable hash of their name
/// sends to it, so a batch of fixes is decided on every core with the results one engine gives.
///
/// Only each device's own fixes are ordered with respect to each other (docs/geofence-engine.md),
/// so splitting a stream by device changes no decision: each engine can run on a thread of its
/// own (``FixPipeline`` routes fixes by ``shard(of:)``), and a snapshot is the union of theirs.
///
/// Not Sendable: used from one task, as an engine is; hand each engine to one thread at a time.
public final class EngineShards {
    /// One engine per shard; devices are sent by ``shard(of:)``.
    public let engines: [GeofenceEngine]

    /// - Parameter count: how many engines (threads) to split devices over; 1 is one plain engine.
    /// The engines share one set of fence tables and one index, built once (each core then reads
    /// the same copy from its cache); each prepares its own polygons, all at once, one per core.
    public init(fences: [Fence], options: EngineOptions = EngineOptions(), count: Int = 1) throws(EngineError) {
        precondition(count >= 1, "at least one shard")
        guard count > 1 else {
            engines = [try GeofenceEngine(fences: fences, options: options)]
            return
        }
        let first = BuiltEngine()
        let others = (1..<count).map { _ in PreparedPolygons() }
        let hasPolygons = fences.contains { if case .polygon = $0.shape { true } else { false } }
        DispatchQueue.concurrentPerform(iterations: hasPolygons ? count : 1) { shard in
            if shard == 0 {
                first.result = Result { () throws(EngineError) in try GeofenceEngine(fences: fences, options: options) }
            } else {
                let context = GEOSContext()
                others[shard - 1].result = Result { () throws(EngineError) in
                    (try GeofenceEngine.preparePolygons(of: fences, options: options, context: context), context)
                }
            }
        }
        let template = try first.result!.get()
        var engines = [template]
        for prepared in others {
            let (polygons, context): ([PreparedPolygon], GEOSContext)
            if let result = prepared.result {
                (polygons, context) = try result.get()
            } else {
                (polygons, context) = ([], GEOSContext())
            }
            engines.append(GeofenceEngine(sharingFencesOf: template, polygons: polygons, context: context))
        }
        self.engines = engines
    }

    public var fences: [Fence] { engines[0].fences }

    /// ``GeofenceEngine/audiences`` of every shard.
    public var audiences: FenceAudiences? {
        get { engines[0].audiences }
        set { for engine in engines { engine.audiences = newValue } }
    }

    /// ``GeofenceEngine/setGroup(of:to:)`` on every shard (the device's own regroups it).
    public func setGroup(of device: String, to group: Int32) {
        for engine in engines { engine.setGroup(of: device, to: group) }
    }

    /// The shard deciding `device`'s fixes, from the hash of the name's UTF-8 bytes
    /// (``DeviceNameHash/hash(_:)``), so a device keeps its shard from run to run.
    public func shard(of device: String?) -> Int { Self.shard(of: device, count: engines.count) }

    /// ``shard(of:)`` for `count` shards, for callers on other threads (inlinable: FixStreams
    /// routes every fix by it).
    @inlinable
    public static func shard(of device: String?, count: Int) -> Int {
        guard count > 1, let device else { return 0 }
        // The hash scaled to 0..<count by its product's high word: a division costs some 40 cycles a fix.
        return Int(DeviceNameHash.hash(device).multipliedFullWidth(by: UInt64(count)).high)
    }

    /// Feeds one fix to its device's engine and hands each transition to `body`.
    @discardableResult
    public func feed(_ fix: Fix, _ body: (Transition) throws -> Void) rethrows -> FixDisposition {
        try engines[shard(of: fix.device)].feed(fix, body)
    }

    /// ``GeofenceEngine/latestAdmissibleTime`` of every shard.
    public var latestAdmissibleTime: TimeInterval {
        get { engines[0].latestAdmissibleTime }
        set { for engine in engines { engine.latestAdmissibleTime = newValue } }
    }

    /// The shards' statistics added up.
    public var statistics: EngineStatistics {
        engines.dropFirst().reduce(into: engines[0].statistics) { total, engine in total.add(engine.statistics) }
    }

    /// The ids of the fences `device` is inside, from the shard that holds it.
    public func insideFences(device: String?) -> [String] {
        engines[shard(of: device)].insideFences(device: device)
    }

    /// ``GeofenceEngine/retire(fence:from:)`` in every shard: for a caller that saw the transition
    /// with every device's fixes (one by one); a shard's own thread retires in its engine alone.
    public func retire(fence: Int, from time: Date) {
        for engine in engines { engine.retire(fence: fence, from: time) }
    }

    /// Every shard's devices in one snapshot, with the summed statistics.
    public func snapshot() -> EngineSnapshot {
        var devices: [EngineSnapshot.Device] = []
        for engine in engines { devices += engine.snapshot().devices }
        return EngineSnapshot(devices: devices, statistics: statistics)
    }

    /// Gives each shard the saved devices that hash to it; the statistics go to the first shard.
    public func restore(_ snapshot: EngineSnapshot) throws(EngineError) {
        var parts = Array(repeating: EngineSnapshot(devices: [], statistics: EngineStatistics()), count: engines.count)
        for device in snapshot.devices { parts[shard(of: device.device)].devices.append(device) }
        parts[0].statistics = snapshot.statistics
        for (engine, part) in zip(engines, parts) { try engine.restore(part) }
    }
}

/// One engine ``EngineShards`` builds beside the others, or why it could not.
///
/// `@unchecked Sendable`: one builder thread writes it (each engine owns its GEOS context), and it
/// is read after `concurrentPerform` has returned.
private final class BuiltEngine: @unchecked Sendable {
    var result: Result<GeofenceEngine, EngineError>?
}

/// One more shard's polygons and the GEOS context they were prepared on (nil: no polygon to prepare).
///
/// `@unchecked Sendable`: written by one `concurrentPerform` iteration, read after it returned.
private final class PreparedPolygons: @unchecked Sendable {
    var result: Result<([PreparedPolygon], GEOSContext), EngineError>?
}
