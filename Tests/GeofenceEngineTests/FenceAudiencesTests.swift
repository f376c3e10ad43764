import Foundation
import TestSupport
import Testing

@testable import GeofenceEngine

/// A device tracks only the fences its group sees (docs/geofence-engine.md, "Audiences"): another
/// group's fence on its path is no candidate, costs nothing and makes no transition.
struct FenceAudiencesTests {
    /// Two fences on one spot: "anna" is seen by group 0, "shared" by groups 0 and 1; "ben" by 1.
    func engine(shards: Int = 1) throws -> EngineShards {
        let fences = ["anna", "shared", "ben"].map { try! Fence.circle(id: $0, center: paris, radius: 100) }
        let engine = try EngineShards(fences: fences, count: shards)
        engine.audiences = FenceAudiences(
            groupsOfFence: [[0], [0, 1], [1]], groupOfDevice: ["anna/phone": 0, "ben/phone": 1], defaultGroup: 0)
        return engine
    }

    func walk(_ engine: EngineShards, _ device: String, from start: Double) -> [String] {
        var out: [String] = []
        let north = Coordinate(latitude: paris.latitude + 0.01, longitude: paris.longitude)
        for (seconds, coordinate) in [(start, north), (start + 60, paris), (start + 120, north)] {
            engine.feed(at(seconds, coordinate, device: device)) { out.append("\($0.kind.rawValue):\($0.fenceID)") }
        }
        return out
    }

    @Test(arguments: [1, 3]) func eachDeviceCrossesOnlyTheFencesItsGroupSees(shards: Int) throws {
        let engine = try engine(shards: shards)
        #expect(walk(engine, "anna/phone", from: 0) == ["enter:anna", "enter:shared", "leave:anna", "leave:shared"])
        #expect(walk(engine, "ben/phone", from: 0) == ["enter:shared", "enter:ben", "leave:shared", "leave:ben"])
        // A device nobody named is the default group's.
        #expect(walk(engine, "tablet", from: 0) == ["enter:anna", "enter:shared", "leave:anna", "leave:shared"])
        // Standing in all three places, Ben's other phone tracks two fences, not three.
        engine.setGroup(of: "ben/tablet", to: 1)
        engine.feed(at(0, paris, device: "ben/tablet")) { _ in }
        let ben = engine.engines[engine.shard(of: "ben/tablet")]
        #expect(ben.devices[try #require(ben.lookUpDevice("ben/tablet"))].tracked.map(\.fence) == [1, 2])
    }

    @Test func aDeviceRegroupedSeesItsNewGroupsFencesFromItsNextFix() throws {
        let engine = try engine()
        #expect(walk(engine, "carl/phone", from: 0) == ["enter:anna", "enter:shared", "leave:anna", "leave:shared"])
        engine.setGroup(of: "carl/phone", to: 1)
        #expect(walk(engine, "carl/phone", from: 1_000) == ["enter:shared", "enter:ben", "leave:shared", "leave:ben"])
    }

    @Test func aRestoredDeviceKeepsItsGroup() throws {
        let first = try engine()
        var out: [String] = []
        first.feed(at(0, Coordinate(latitude: paris.latitude + 0.01, longitude: paris.longitude), device: "ben/phone")) { _ in }
        let second = try engine()
        try second.restore(first.snapshot())
        second.feed(at(60, paris, device: "ben/phone")) { out.append("\($0.kind.rawValue):\($0.fenceID)") }
        #expect(out == ["enter:shared", "enter:ben"])
    }

    /// A group's own index answers its devices' queries; a fence retired from t is still left out.
    @Test func aRetiredFenceIsNoCandidateOfAGroupsIndex() throws {
        let engine = try engine()
        engine.engines[0].retire(fence: 1, from: Date(timeIntervalSince1970: 30))
        #expect(walk(engine, "ben/phone", from: 0) == ["enter:ben", "leave:ben"])
        // A device whose group sees nothing (a disabled account's) tracks nothing.
        engine.setGroup(of: "eve/phone", to: -1)
        #expect(walk(engine, "eve/phone", from: 0).isEmpty)
    }
}
