import Foundation
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

    @Test func aFenceNoEngineTakesFailsTheBuild() throws {
        let twice = try Fence.circle(id: "twice", center: paris, radius: 50)
        #expect(throws: EngineError.fence(.duplicateID(fence: "twice"))) {
            try EngineShards(fences: [twice, twice], count: 3)
        }
    }
}
