import Foundation
import TestSupport
import Testing

@testable import GeofenceEngine

/// Admission filters for real phone traces: speed, interval and duplicates.
@Suite struct FixFilterTests {
    /// A walk east from the centre of "home" (100 m) at 1.4 m/s, one fix a second for 60 s, with one
    /// GPS jump 3 km north at t = 30 s unless `jump` is false (and whatever `extra` fixes a test adds),
    /// in time order.
    static func walk(jump: Bool = true, extra: [Fix] = []) -> [Fix] {
        var fixes = (0...60).map { t in
            at(Double(t), Geodesic.wgs84.destination(from: paris, azimuth: 90, distance: 1.4 * Double(t)), accuracy: 5)
        }
        if jump { fixes[30] = at(30, Geodesic.wgs84.destination(from: paris, azimuth: 0, distance: 3_000), accuracy: 5) }
        return (fixes + extra).sorted { $0.time! < $1.time! }
    }

    static func fired(_ options: EngineOptions, _ fixes: [Fix]) throws -> (events: [String], engine: GeofenceEngine) {
        let engine = try homeEngine(options)
        let events = zip(fixes, run(engine, fixes)).flatMap { fix, kinds in
            kinds.map { "\($0)@\(Int((fix.time!.timeIntervalSince1970 * 10).rounded()))" }
        }
        return (events, engine)
    }

    @Test func withoutFiltersTheJumpFiresAFalsePair() throws {
        let (events, engine) = try Self.fired(EngineOptions(), Self.walk())
        #expect(events == ["leave:home@300", "enter:home@310"])
        #expect(engine.statistics.admitted == 61)
    }

    @Test func maxSpeedDropsTheJump() throws {
        // 3 km in 1 s is 10,800 km/h; the walk is 5 km/h.
        let (events, engine) = try Self.fired(EngineOptions(maxSpeed: 300 / 3.6), Self.walk())
        #expect(events == [])
        #expect(engine.statistics.rejected == [.implausibleSpeed: 1])
        #expect(engine.statistics.admitted == 60)
    }

    @Test func speedIsMeasuredFromTheLastAdmittedFix() throws {
        let engine = try homeEngine(EngineOptions(maxSpeed: 25))
        var out: [Transition] = []
        let east = { (metres: Double) in Geodesic.wgs84.destination(from: paris, azimuth: 90, distance: metres) }
        #expect(engine.feed(at(0, paris), into: &out) == .admitted)
        #expect(engine.feed(at(1, east(25.1)), into: &out) == .rejected(.implausibleSpeed))
        // Measured from t = 0, not from the dropped fix: 49.9 m in 2 s is 24.95 m/s.
        #expect(engine.feed(at(2, east(49.9)), into: &out) == .admitted)
        #expect(engine.feed(at(3, east(74.8)), into: &out) == .admitted)
        #expect(engine.feed(at(4, east(100)), into: &out) == .rejected(.implausibleSpeed))
        // Each device has its own last fix.
        #expect(engine.feed(at(4, east(5_000), device: "other"), into: &out) == .admitted)
        #expect(engine.statistics.rejectedByKey["implausible-speed"] == 2)
    }

    @Test func minIntervalDropsABurstAndItsJump() throws {
        // The phone reports twice more 200 and 400 ms after t = 29 s; the first of them is the jump.
        let burst = [
            at(29.2, Geodesic.wgs84.destination(from: paris, azimuth: 0, distance: 3_000)),
            at(29.4, Geodesic.wgs84.destination(from: paris, azimuth: 90, distance: 41)),
        ]
        let walk = Self.walk(jump: false, extra: burst)
        #expect(try Self.fired(EngineOptions(), walk).events == ["leave:home@292", "enter:home@294"])
        let (events, engine) = try Self.fired(EngineOptions(minInterval: 1), walk)
        #expect(events == [])
        #expect(engine.statistics.rejected == [.tooFrequent: 2])
        #expect(engine.statistics.admitted == 61)
    }

    @Test func minIntervalAdmitsAFixExactlyThatFarApart() throws {
        let engine = try homeEngine(EngineOptions(minInterval: 1))
        var out: [Transition] = []
        #expect(engine.feed(at(0, paris), into: &out) == .admitted)
        #expect(engine.feed(at(0.999, paris), into: &out) == .rejected(.tooFrequent))
        #expect(engine.feed(at(1, paris), into: &out) == .admitted)
    }

    @Test func duplicatesAreNotOutOfOrder() throws {
        // Every record written twice, the jump included: the copies are duplicates, nothing else.
        let walk = Self.walk()
        let doubled = walk.flatMap { [$0, $0] }
        let plain = try Self.fired(EngineOptions(), doubled)
        #expect(plain.events == ["leave:home@300", "enter:home@310"])
        #expect(plain.engine.statistics.rejected == [.duplicate: 61])
        let filtered = try Self.fired(EngineOptions(maxSpeed: 300 / 3.6), doubled)
        #expect(filtered.events == [])
        // The jump's copy is measured against t = 29 again.
        #expect(filtered.engine.statistics.rejected == [.duplicate: 60, .implausibleSpeed: 2])
    }

    @Test func sameTimeElsewhereIsStillOutOfOrder() throws {
        let engine = try homeEngine()
        var out: [Transition] = []
        #expect(engine.feed(at(5, paris), into: &out) == .admitted)
        #expect(engine.feed(at(5, paris), into: &out) == .rejected(.duplicate))
        #expect(engine.feed(at(5, Coordinate(latitude: 48.8567, longitude: 2.3522)), into: &out) == .rejected(.outOfOrder))
        #expect(engine.feed(at(4, paris), into: &out) == .rejected(.outOfOrder))
        #expect(engine.feed(at(5, paris, device: "b"), into: &out) == .admitted)
    }

    @Test func filterOptionsAreValidated() {
        #expect(throws: EngineError.invalidOption(name: "max-speed", value: 0)) { try homeEngine(EngineOptions(maxSpeed: 0)) }
        #expect(throws: EngineError.invalidOption(name: "min-interval", value: -1)) { try homeEngine(EngineOptions(minInterval: -1)) }
    }
}
