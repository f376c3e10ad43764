import Foundation
import TestSupport
import Testing

@testable import GeofenceEngine

/// Polygons get the circles' hysteresis and accuracy band, measured as the geodesic distance to the
/// nearest edge, which their transitions report.
@Suite struct PolygonHysteresisTests {
    /// A campus about 200 m square around ``paris``; its east edge is the meridian 2.35357.
    static let campus = """
        {"type": "Polygon", "coordinates": [[[2.35083, 48.8557], [2.35357, 48.8557], [2.35357, 48.8575],
                                             [2.35083, 48.8575], [2.35083, 48.8557]]]}
        """
    static let eastEdge = Coordinate(latitude: 48.8566, longitude: 2.35357)

    /// A point `metres` east of the east edge (negative: inside), on the campus's middle parallel.
    static func east(_ metres: Double) -> Coordinate {
        Geodesic.wgs84.destination(from: eastEdge, azimuth: metres >= 0 ? 90 : 270, distance: abs(metres))
    }

    static func engine(_ options: EngineOptions) throws -> GeofenceEngine {
        try GeofenceEngine(fences: [Fence.polygon(id: "campus", geoJSON: campus)], options: options)
    }

    /// Per fix: "kind distance" of each transition, distances to 0.1 m.
    static func run(_ engine: GeofenceEngine, _ fixes: [Fix]) -> [String] {
        fixes.flatMap { fix in
            var out: [Transition] = []
            engine.feed(fix, into: &out)
            return out.map { "\($0.kind.rawValue) \(String(format: "%.1f", $0.distance ?? -1))" }
        }
    }

    @Test func withoutHysteresisLeavingIsLeavingTheShell() throws {
        let fixes = [at(0, Self.east(-50)), at(10, Self.east(2)), at(20, Self.east(-3))]
        #expect(Self.run(try Self.engine(EngineOptions()), fixes) == ["leave 2.0", "enter 3.0"])
    }

    @Test func hysteresisKeepsTheInsideStateUntilThatFarFromTheEdge() throws {
        let engine = try Self.engine(EngineOptions(hysteresis: 30))
        let fixes = [
            at(0, Self.east(-50)), at(10, Self.east(20)), at(20, Self.east(29.9)), at(30, Self.east(5)),
            at(40, Self.east(30.2)), at(50, Self.east(10)), at(60, Self.east(-0.5)),
        ]
        // In the band (0–30 m outside) the state stays inside; past 30 m it leaves; outside, it comes
        // back in only inside the shell (10 m outside is still outside).
        #expect(Self.run(engine, fixes) == ["leave 30.2", "enter 0.5"])
        #expect(engine.insideFences(device: nil) == ["campus"])
    }

    @Test func anAccuracyCircleStraddlingTheEdgeChangesNothing() throws {
        let engine = try Self.engine(EngineOptions(accuracyAware: true))
        let fixes = [
            at(0, Self.east(-50), accuracy: 10), at(10, Self.east(8), accuracy: 10),
            at(20, Self.east(12), accuracy: 10), at(30, Self.east(-9), accuracy: 10), at(40, Self.east(-11), accuracy: 10),
        ]
        #expect(Self.run(engine, fixes) == ["leave 12.0", "enter 11.0"])
    }

    @Test func theDistanceIsToTheNearestEdgeOfAnyRing() throws {
        // The hole's east edge (longitude 0.4) is nearer than the shell's west edge (longitude 0).
        let engine = try GeofenceEngine(fences: [Fence.polygon(id: "p", wkt: squareWithHole)])
        var out: [Transition] = []
        for fix in [at(0, Coordinate(latitude: 0.5, longitude: 0.5)), at(10, Coordinate(latitude: 0.5, longitude: 0.3))] {
            engine.feed(fix, into: &out)
        }
        let expected = Geodesic.wgs84.distance(
            from: Coordinate(latitude: 0.5, longitude: 0.3), to: Coordinate(latitude: 0.5, longitude: 0.4))
        #expect(out.map(\.kind) == [.enter])
        #expect(abs(try #require(out[0].distance) - expected) < 1e-6)
        #expect(String(format: "%.1f", expected) == "11131.5")
    }

    @Test func aDeviceInTheBandKeepsThePolygonTracked() throws {
        // Far from every other fix, in the hysteresis band only: the index must still return the fence.
        let engine = try Self.engine(EngineOptions(hysteresis: 500, candidatePadding: 0))
        let fixes = [at(0, Self.east(-50)), at(10, Self.east(450)), at(20, Self.east(501))]
        #expect(Self.run(engine, fixes) == ["leave 501.0"])
    }

    @Test func polygonsAroundAPoleAreRefused() {
        let arctic = """
            {"type": "Polygon", "coordinates": [[[-180, 80], [-90, 80], [0, 80], [90, 80], [180, 80], [-180, 80]]]}
            """
        #expect(
            throws: FenceError.badPolygon(
                fence: "arctic",
                reason:
                    "the polygon encloses a pole (its shell winds through 360° of longitude), which is not supported")
        ) {
            try Fence.polygon(id: "arctic", geoJSON: arctic)
        }
        // A box that only reaches the pole's latitude does not wind around it.
        #expect(throws: Never.self) {
            try Fence.polygon(id: "cap", wkt: "POLYGON((-10 80, 10 80, 10 90, -10 90, -10 80))")
        }
    }
}
