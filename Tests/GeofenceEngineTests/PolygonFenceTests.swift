import Foundation
import Testing

@testable import GeofenceEngine

let squareWithHole = "POLYGON((0 0, 1 0, 1 1, 0 1, 0 0), (0.4 0.4, 0.6 0.4, 0.6 0.6, 0.4 0.6, 0.4 0.4))"
let squareWithHoleGeoJSON = """
    {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]],
                                        [[0.4, 0.4], [0.6, 0.4], [0.6, 0.6], [0.4, 0.6], [0.4, 0.4]]]}
    """

/// Whether a one-polygon engine with initial trigger says the point is inside.
func polygonContains(_ fence: Fence, _ latitude: Double, _ longitude: Double) throws -> Bool {
    let engine = try GeofenceEngine(fences: [fence], options: EngineOptions(initialTrigger: true))
    var out: [Transition] = []
    engine.feed(at(0, Coordinate(latitude: latitude, longitude: longitude)), into: &out)
    return out.map(\.kind) == [.enter]
}

@Test(arguments: [
    (0.2, 0.2, true), (0.5, 0.5, false), (0.5, 0.0, true), (0.4, 0.5, true), (1.2, 0.5, false), (0.999, 0.999, true),
])
func polygonWithHole(latitude: Double, longitude: Double, inside: Bool) throws {
    #expect(try polygonContains(Fence.polygon(id: "p", wkt: squareWithHole), latitude, longitude) == inside)
    #expect(try polygonContains(Fence.polygon(id: "p", geoJSON: squareWithHoleGeoJSON), latitude, longitude) == inside)
}

@Test func wktAndGeoJSONReadTheSameRings() throws {
    #expect(try PolygonFence(wkt: squareWithHole) == PolygonFence(geoJSON: squareWithHoleGeoJSON))
    #expect(try PolygonFence(wkt: squareWithHole).rings.count == 2)
}

@Test(arguments: [
    (0.0, 179.9, true), (0.0, -179.9, true), (5.0, 180.0, true), (0.0, 0.0, false),
    (0.0, 160.0, false), (0.0, -160.0, false), (11.0, 175.0, false),
])
func antimeridianPolygon(latitude: Double, longitude: Double, inside: Bool) throws {
    let fence = try Fence.polygon(id: "pacific", wkt: "POLYGON((170 -10, -170 -10, -170 10, 170 10, 170 -10))")
    if case let .polygon(polygon) = fence.shape { #expect(polygon.crossesAntimeridian) }
    #expect(try polygonContains(fence, latitude, longitude) == inside)
}

@Test func polygonTransitionsReportTheDistanceToTheEdge() throws {
    let engine = try GeofenceEngine(fences: [Fence.polygon(id: "p", wkt: squareWithHole)])
    var out: [Transition] = []
    for fix in [at(0, Coordinate(latitude: 0.5, longitude: 0.5)), at(10, Coordinate(latitude: 0.5, longitude: 0.3))] {
        engine.feed(fix, into: &out)
    }
    #expect(out.map(\.kind) == [.enter])
    #expect(out[0].distance.map { ($0 * 10).rounded() / 10 } == 11_131.5)  // to the hole's edge
    // Crossing instant by bisection: the hole's edge at 0.4 is half way from 0.5 to 0.3.
    #expect(abs(try #require(out[0].crossingTime).timeIntervalSince1970 - 5) < 0.01)
}

@Test func badPolygonsAreRefusedWithAReason() {
    #expect(throws: FenceError.self) { try PolygonFence(wkt: "POINT(1 2)") }
    #expect(throws: FenceError.self) { try PolygonFence(wkt: "POLYGON((0 0, 1 1, 1 0, 0 1, 0 0))") }  // bow-tie
    #expect(throws: FenceError.self) { try PolygonFence(wkt: "not wkt") }
    #expect(throws: FenceError.self) { try PolygonFence(geoJSON: "{\"type\": \"Point\", \"coordinates\": [1, 2]}") }
    do {
        _ = try PolygonFence(id: "bow", wkt: "POLYGON((0 0, 1 1, 1 0, 0 1, 0 0))")
        Issue.record("a bow-tie must be refused")
    } catch {
        #expect(error.description.hasPrefix("fence 'bow': invalid polygon: Self-intersection"))
    }
}

@Test func crossEventThroughAPolygon() throws {
    let engine = try GeofenceEngine(fences: [Fence.polygon(id: "p", wkt: squareWithHole)], options: EngineOptions(detectCrossings: true))
    let fixes = [
        at(0, Coordinate(latitude: 0.2, longitude: -1)), at(30, Coordinate(latitude: 0.2, longitude: 2)),
        at(40, Coordinate(latitude: 2, longitude: 2)), at(50, Coordinate(latitude: 0.5, longitude: 0.5)),
    ]
    var out: [Transition] = []
    for fix in fixes { engine.feed(fix, into: &out) }
    // Enters at longitude 0, a third of the way: t = 10. The last fix lands in the hole: outside, and the
    // segment from (2, 2) to (0.5, 0.5) crosses the shell first at (1, 1): two thirds of the way, t = 46.67.
    #expect(out.map(\.kind) == [.cross, .cross])
    #expect(abs(try #require(out[0].crossingTime).timeIntervalSince1970 - 10) < 1e-6)
    #expect(abs(try #require(out[1].crossingTime).timeIntervalSince1970 - (40 + 20.0 / 3)) < 1e-6)  // Date keeps ~1e-7 s here
}

@Test func crossEventThroughAnAntimeridianPolygonFarFromBothFixes() throws {
    let engine = try GeofenceEngine(
        fences: [Fence.polygon(id: "pacific", wkt: "POLYGON((179 -1, -179 -1, -179 1, 179 1, 179 -1))")],
        options: EngineOptions(detectCrossings: true))
    let fixes = [at(0, Coordinate(latitude: 0, longitude: 170)), at(20, Coordinate(latitude: 0, longitude: -170))]
    var out: [Transition] = []
    for fix in fixes { engine.feed(fix, into: &out) }
    #expect(out.map(\.kind) == [.cross])
    #expect(abs(try #require(out[0].crossingTime).timeIntervalSince1970 - 9) < 1e-6)
}
