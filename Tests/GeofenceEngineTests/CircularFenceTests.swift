import Foundation
import TestSupport
import Testing

@testable import GeofenceEngine

@Test(arguments: [0.0, -1, .infinity, .nan])
func badRadiusIsRefused(radius: Double) {
    #expect(throws: FenceError.self) { try Fence.circle(id: "x", center: paris, radius: radius) }
}

@Test func badCentreIsRefused() {
    #expect(throws: FenceError.badCenter(fence: "x", latitude: 91, longitude: 0)) {
        try Fence.circle(id: "x", center: Coordinate(latitude: 91, longitude: 0), radius: 10)
    }
}

@Test func duplicateIDsAreRefused() throws {
    let fence = try Fence.circle(id: "home", center: paris, radius: 10)
    #expect(throws: EngineError.fence(.duplicateID(fence: "home"))) { try GeofenceEngine(fences: [fence, fence]) }
}

/// A fence on the North Pole: every longitude near the pole is inside.
@Test(arguments: [(89.5, 123.0, true), (89.5, -57.0, true), (89.2, 0.0, true), (89.0, -45.0, false), (90.0, 0.0, true)])
func polarFence(latitude: Double, longitude: Double, inside: Bool) throws {
    let engine = try GeofenceEngine(
        fences: [Fence.circle(id: "pole", center: Coordinate(latitude: 90, longitude: 0), radius: 100_000)],
        options: EngineOptions(initialTrigger: true))
    #expect(run(engine, [at(0, Coordinate(latitude: latitude, longitude: longitude))]) == [inside ? ["enter:pole"] : []])
}

@Test func fenceNearThePoleContainsTheOtherSide() throws {
    // Centre 1.1 km from the pole; a fix across the pole (longitude + 180) is 2.2 km away.
    let engine = try GeofenceEngine(
        fences: [Fence.circle(id: "f", center: Coordinate(latitude: 89.99, longitude: 0), radius: 2_300)],
        options: EngineOptions(initialTrigger: true))
    var out: [Transition] = []
    engine.feed(at(0, Coordinate(latitude: 89.99, longitude: 180)), into: &out)
    #expect(out.map(\.kind) == [.enter])
    #expect(abs(try #require(out[0].distance) - 2_233.9) < 0.5)
}

@Test func circleAcrossTheAntimeridian() throws {
    let engine = try GeofenceEngine(
        fences: [Fence.circle(id: "f", center: Coordinate(latitude: 0, longitude: 179.999), radius: 1_000)],
        options: EngineOptions(initialTrigger: true))
    var out: [Transition] = []
    engine.feed(at(0, Coordinate(latitude: 0, longitude: -179.999)), into: &out)
    engine.feed(at(1, Coordinate(latitude: 0, longitude: -179.98)), into: &out)
    #expect(out.map(\.kind) == [.enter, .leave])
    #expect(abs(try #require(out[0].distance) - 222.638981586547) < 1e-6)
}

@Test func manyFencesOnlyNearOnesMatter() throws {
    var fences: [Fence] = []
    for i in 0..<2_000 {
        fences.append(try Fence.circle(id: "f\(i)", center: offset(paris, Double(i) * 25, azimuth: 90), radius: 30))
    }
    let engine = try GeofenceEngine(fences: fences, options: EngineOptions(initialTrigger: true))
    var out: [Transition] = []
    engine.feed(at(0, offset(paris, 1_000, azimuth: 90)), into: &out)
    #expect(out.map(\.fenceID) == ["f39", "f40", "f41"])
    #expect(engine.statistics.insidePairs == 3)
}
