import Foundation
import TestSupport
import Testing

@testable import GeofenceEngine

/// One row of Fixtures/geodesy/circle-reference.csv (made by scripts/geodesy-reference.py).
struct ReferenceRow {
    let center: Coordinate
    let radius: Double
    let fix: Coordinate
    let distance: Double
    let inside: Bool

    static let all: [ReferenceRow] = {
        let text = try! String(contentsOf: fixtures.appendingPathComponent("geodesy/circle-reference.csv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let v = line.split(separator: ",").map { Double($0)! }
            return ReferenceRow(
                center: Coordinate(latitude: v[0], longitude: v[1]), radius: v[2],
                fix: Coordinate(latitude: v[3], longitude: v[4]), distance: v[5], inside: v[6] == 1)
        }
    }()
}

@Test func referenceFixtureHasTheExpectedShape() {
    #expect(ReferenceRow.all.count == 3000)
    #expect(ReferenceRow.all.filter(\.inside).count == 1352)
    #expect(ReferenceRow.all.contains { abs($0.center.latitude) == 90 })
    #expect(ReferenceRow.all.contains { abs($0.center.longitude) > 179 })
}

@Test func geodesicMatchesGeographicLib() {
    for row in ReferenceRow.all {
        let d = Geodesic.wgs84.distance(from: row.center, to: row.fix)
        #expect(abs(d - row.distance) < 1e-6, "row \(row)")
    }
}

/// The fast path (tangent plane, exact fallback) the engine uses, at the engine's own thresholds.
/// GeographicLib's worked example (JFK to LHR, 5,551.76 km) and JFK to Singapore, as PROJ's C
/// port of the same solver gives them to the nanometre; and the ellipsoids GeographicLib refuses:
/// nil, not a solver of garbage.
@Test func geodesicGivesPROJsFiguresAndRefusesImpossibleEllipsoids() throws {
    let jfk = Coordinate(latitude: 40.64, longitude: -73.78), sin = Coordinate(latitude: 1.36, longitude: 103.99)
    let line = Geodesic.wgs84.inverse(from: jfk, to: sin)
    #expect(abs(line.distance - 15_347_512.940_512_940) < 1e-6)
    #expect(abs(line.initialAzimuth - 3.305_773_478_018) < 1e-9)
    #expect(abs(line.finalAzimuth - 177.487_840_208_155) < 1e-9)
    let lhr = Geodesic.wgs84.inverse(
        from: Coordinate(latitude: 40.6, longitude: -73.8), to: Coordinate(latitude: 51.6, longitude: -0.5))
    #expect(abs(lhr.distance - 5_551_759.400_318_678) < 1e-6)
    let back = Geodesic.wgs84.destination(from: jfk, azimuth: line.initialAzimuth, distance: line.distance)
    #expect(abs(back.latitude - sin.latitude) < 1e-9 && abs(back.longitude - sin.longitude) < 1e-9)
    #expect(Geodesic(equatorialRadius: -1, flattening: 0) == nil)
    #expect(Geodesic(equatorialRadius: 6_378_137, flattening: 1) == nil)
    #expect(Geodesic(equatorialRadius: .nan, flattening: 0) == nil)
}

@Test func fenceModelDistanceIsExactWithinHalfAMillimetre() throws {
    for row in ReferenceRow.all {
        let model = FenceModel(circle: try CircularFence(center: row.center, radius: row.radius), hysteresis: 0)
        let d = model.distance(
            latitude: row.fix.latitude * radiansPerDegree, longitude: row.fix.longitude * radiansPerDegree,
            coordinate: row.fix, limit: row.radius)
        if d.isFinite { #expect(abs(d - row.distance) < 5e-4, "row \(row)") } else { #expect(row.distance > row.radius, "row \(row)") }
    }
}

@Test func envelopeNeverMissesAnInsideFix() {
    for row in ReferenceRow.all where row.inside {
        let envelope = Envelope.around(row.center, radius: row.radius)
        #expect(envelope.contains(latitude: row.fix.latitude, longitude: row.fix.longitude), "row \(row)")
    }
}

/// Every row through a real engine: a one-fence engine with initial trigger enters iff the exact solver says inside.
@Test func engineDecisionsAgreeWithTheExactSolver() throws {
    var disagreements = 0
    for row in ReferenceRow.all {
        let engine = try GeofenceEngine(
            fences: [Fence.circle(id: "f", center: row.center, radius: row.radius)],
            options: EngineOptions(initialTrigger: true))
        var out: [Transition] = []
        engine.feed(at(0, row.fix), into: &out)
        if (out.count == 1) != row.inside { disagreements += 1 }
        if let distance = out.first?.distance { #expect(abs(distance - row.distance) < 5e-4) }
    }
    #expect(disagreements == 0)
}

@Test func envelopeSplitsAtTheAntimeridian() {
    let envelope = Envelope.around(Coordinate(latitude: 0, longitude: 179.5), radius: 100_000)
    let second = try! #require(envelope.second)
    #expect(envelope.first.maxLongitude == 180)
    #expect(second.minLongitude == -180)
    #expect(second.maxLongitude > -179.61 && second.maxLongitude < -179.59)
    #expect(envelope.contains(latitude: 0, longitude: -179.8))
    #expect(!envelope.contains(latitude: 0, longitude: -179))
}

@Test(arguments: [89.5, -89.5, 90, -90])
func envelopeBecomesAPolarCap(latitude: Double) {
    let envelope = Envelope.around(Coordinate(latitude: latitude, longitude: 10), radius: 100_000)
    #expect(envelope.second == nil)
    #expect(envelope.first.minLongitude == -180 && envelope.first.maxLongitude == 180)
    #expect(envelope.contains(latitude: latitude > 0 ? 90 : -90, longitude: -170))
}

@Test func envelopeLongitudeSpanWidensWithLatitude() {
    let equator = Envelope.around(Coordinate(latitude: 0, longitude: 0), radius: 10_000).first
    let north = Envelope.around(Coordinate(latitude: 60, longitude: 0), radius: 10_000).first
    #expect(north.maxLongitude > 1.9 * equator.maxLongitude)
    #expect(abs((north.maxLatitude - 60) - equator.maxLatitude) < 1e-12)
}
