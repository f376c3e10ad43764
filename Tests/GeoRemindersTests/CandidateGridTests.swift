import Foundation
import GeofenceEngine
import Testing
import TraceFormats

@testable import GeoReminders

/// ``CandidateGrid`` narrows the candidates without changing the answer: the nearest regions and
/// the slack chosen from its subset equal those of a scan of every candidate, bit for bit.
@Suite struct CandidateGridTests {
    /// `count` candidates at the positions `place` draws.
    static func candidates(_ count: Int, seed: UInt64, place: (inout SplitMix64) -> (Double, Double)) -> [RegionCatalog.Candidate] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { n in
            let (latitude, longitude) = place(&generator)
            let region = PhoneRegion(
                id: "r\(n)", stamp: n, title: "Place \(n)", latitude: latitude, longitude: longitude, radius: 100, reminderID: "r\(n)",
                alarmID: "a")
            return RegionCatalog.Candidate(region: region, subjects: ["anna"])
        }
    }

    /// Each position's answer from the grid's subset equals the full scan's.
    static func expectSameAnswers(_ candidates: [RegionCatalog.Candidate], at positions: [Coordinate], limit: Int = 20) {
        let grid = CandidateGrid(candidates)
        for position in positions {
            let subset = grid.near(position, limit: limit)
            let full = RegionCatalog.nearest(to: position, among: candidates, limit: limit)
            let narrowed = RegionCatalog.nearest(to: position, among: candidates, at: subset, limit: limit)
            #expect(narrowed.regions == full.regions, "at \(position)")
            #expect(narrowed.slack == full.slack, "at \(position)")
        }
    }

    static func positions(_ count: Int, seed: UInt64, place: (inout SplitMix64) -> (Double, Double)) -> [Coordinate] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let (latitude, longitude) = place(&generator)
            return Coordinate(latitude: latitude, longitude: longitude)
        }
    }

    @Test func aCityOfTenThousandAlarms() {
        let city: (inout SplitMix64) -> (Double, Double) = { ($0.nextUnit() * 0.3 + 47.2, $0.nextUnit() * 0.4 + 8.3) }
        let candidates = Self.candidates(10_000, seed: 1, place: city)
        // Phones inside the city, at its edge and far outside it.
        let inside = Self.positions(300, seed: 2, place: city)
        let around = Self.positions(100, seed: 3) { ($0.nextUnit() * 4 + 45.5, $0.nextUnit() * 6 + 5.5) }
        Self.expectSameAnswers(candidates, at: inside + around + [Coordinate(latitude: -33.9, longitude: 151.2)])
        // The subset is small where the alarms are dense.
        let grid = CandidateGrid(candidates)
        #expect(grid.near(Coordinate(latitude: 47.35, longitude: 8.5), limit: 20).count < 500)
    }

    @Test func alarmsAcrossTheAntimeridianAndNearThePoles() {
        let fiji: (inout SplitMix64) -> (Double, Double) = { generator in
            let longitude = 179.5 + generator.nextUnit()
            return (generator.nextUnit() * 2 - 18, longitude > 180 ? longitude - 360 : longitude)
        }
        let candidates = Self.candidates(2_000, seed: 4, place: fiji)
        Self.expectSameAnswers(
            candidates,
            at: Self.positions(200, seed: 5, place: fiji) + [
                Coordinate(latitude: -17, longitude: 180), Coordinate(latitude: -17, longitude: -180),
                Coordinate(latitude: -17, longitude: 179.999_999), Coordinate(latitude: 0, longitude: 0),
            ])
        let polar = Self.candidates(1_000, seed: 6) { ($0.nextUnit() * 0.5 + 89.4, $0.nextUnit() * 360 - 180) }
        Self.expectSameAnswers(
            polar,
            at: Self.positions(100, seed: 7) { ($0.nextUnit() * 0.6 + 89.4, $0.nextUnit() * 360 - 180) } + [
                Coordinate(latitude: 90, longitude: 0), Coordinate(latitude: -90, longitude: 0),
            ])
    }

    @Test func sparseAlarmsOverTheWorldAndFewerThanTheLimit() {
        let world: (inout SplitMix64) -> (Double, Double) = { ($0.nextUnit() * 180 - 90, $0.nextUnit() * 360 - 180) }
        let candidates = Self.candidates(400, seed: 8, place: world)
        Self.expectSameAnswers(candidates, at: Self.positions(100, seed: 9, place: world))
        // Two clusters far apart: the phone in one needs the other to fill its twenty.
        let clusters = Self.candidates(300, seed: 10) { generator in
            generator.nextUnit() < 0.95
                ? (generator.nextUnit() * 0.1 + 52.5, generator.nextUnit() * 0.1 + 13.4)
                : (generator.nextUnit() * 0.1 - 33.9, generator.nextUnit() * 0.1 + 18.4)
        }
        Self.expectSameAnswers(
            clusters, at: [Coordinate(latitude: -33.85, longitude: 18.45), Coordinate(latitude: 52.55, longitude: 13.45)])
        Self.expectSameAnswers(clusters, at: [Coordinate(latitude: 52.55, longitude: 13.45)], limit: 290)
        Self.expectSameAnswers(Self.candidates(5, seed: 11, place: world), at: Self.positions(20, seed: 12, place: world))
    }
}
