import Foundation
import Synchronization
import TestSupport
import Testing

@testable import GeofenceEngine

/// Shards built at once (one per core) are each a whole engine over the same fences, and a fence
/// that no engine can take fails the whole build with its own error.
@Suite struct EngineShardsTests {
    @Test func everyShardIsAnEngineOverTheSameFences() throws {
        let fences = try (0..<50).map { n in
            try Fence.circle(
                id: "f\(n)", center: Geodesic.wgs84.destination(from: paris, azimuth: Double(n) * 7, distance: 300), radius: 80)
        }
        let shards = try EngineShards(fences: fences, options: EngineOptions(initialTrigger: true), count: 4)
        #expect(shards.engines.count == 4 && Set(shards.engines.map { ObjectIdentifier($0) }).count == 4)
        for engine in shards.engines { #expect(engine.fences.map(\.id) == fences.map(\.id)) }
        // Each decides on its own: the same fix entering the same fences on every shard.
        let inside = Geodesic.wgs84.destination(from: paris, azimuth: 0, distance: 300)
        let entered = shards.engines.map { engine in
            var transitions: [Transition] = []
            engine.feed(Fix(time: Date(timeIntervalSince1970: 0), coordinate: inside, device: "d"), into: &transitions)
            return transitions.map(\.fenceID)
        }
        #expect(entered.allSatisfy { $0 == entered[0] } && entered[0].contains("f0"))
    }

    /// The shards share one set of fence tables and one index (built once), and each prepares its own
    /// polygons on its own GEOS context; deciding the same walk on every shard at once, one thread
    /// each, gives each the transitions one engine gives.
    @Test func shardsShareTheirTablesAndDecideOnThreadsOfTheirOwn() throws {
        var fences = try (0..<40).map { n in
            try Fence.circle(
                id: "c\(n)", center: Geodesic.wgs84.destination(from: paris, azimuth: Double(n) * 9, distance: 400), radius: 90)
        }
        let block = "POLYGON((2.3500 48.8540, 2.3540 48.8540, 2.3540 48.8580, 2.3500 48.8580, 2.3500 48.8540))"
        fences.append(try Fence.polygon(id: "block", wkt: block))
        fences.append(try Fence.polygon(id: "pacific", wkt: "POLYGON((170 -10, -170 -10, -170 10, 170 10, 170 -10))"))
        let shards = try EngineShards(fences: fences, options: EngineOptions(hysteresis: 5), count: 3)
        let first = shards.engines[0]
        for engine in shards.engines.dropFirst() {
            #expect(engine.index === first.index && engine.polygons.count == 2)
            #expect(engine.context !== first.context && !zip(engine.polygons, first.polygons).contains { $0 === $1 })
        }
        // A walk from the middle of the ring of circles out through the block, and a hop across the antimeridian.
        let steps = (0..<400).map { step in
            Fix(
                time: Date(timeIntervalSince1970: Double(step) * 10),
                coordinate: Geodesic.wgs84.destination(from: paris, azimuth: Double(step) * 2.7, distance: Double(step) * 3), device: "d")
        }
        let walk =
            steps + [
                Fix(time: Date(timeIntervalSince1970: 5_000), latitude: 0, longitude: 179.5, device: "d"),
                Fix(time: Date(timeIntervalSince1970: 5_010), latitude: 0, longitude: -179.5, device: "d"),
            ]
        let alone = try GeofenceEngine(fences: fences, options: EngineOptions(hysteresis: 5))
        var expected: [Transition] = []
        alone.feed(walk, into: &expected)
        #expect(expected.count > 10 && expected.contains { $0.fenceID == "block" })
        let decided = Mutex([[Transition]](repeating: [], count: shards.engines.count))
        let engines = UncheckedEngines(shards.engines)
        DispatchQueue.concurrentPerform(iterations: engines.all.count) { shard in
            var transitions: [Transition] = []
            engines.all[shard].feed(walk, into: &transitions)
            decided.withLock { $0[shard] = transitions }
        }
        for transitions in decided.withLock({ $0 }) { #expect(transitions == expected) }
    }

    @Test func aFenceNoEngineTakesFailsTheBuild() throws {
        let twice = try Fence.circle(id: "twice", center: paris, radius: 50)
        #expect(throws: EngineError.fence(.duplicateID(fence: "twice"))) {
            try EngineShards(fences: [twice, twice], count: 3)
        }
    }
}

/// Engines handed to threads of their own, one each (an engine is not Sendable: one thread at a time).
private struct UncheckedEngines: @unchecked Sendable {
    let all: [GeofenceEngine]
    init(_ all: [GeofenceEngine]) { self.all = all }
}
