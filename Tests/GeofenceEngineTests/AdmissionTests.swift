import Foundation
import TestSupport
import Testing

@testable import GeofenceEngine

@Test(arguments: [
    Coordinate(latitude: 90.0001, longitude: 0), Coordinate(latitude: -91, longitude: 0),
    Coordinate(latitude: 0, longitude: 180.5), Coordinate(latitude: 0, longitude: -181),
    Coordinate(latitude: .nan, longitude: 0), Coordinate(latitude: 0, longitude: .infinity),
])
func badCoordinatesAreRejected(coordinate: Coordinate) throws {
    let engine = try homeEngine()
    var out: [Transition] = []
    // Bad coordinates win over a missing time (rule 1 before rule 2).
    #expect(engine.feed(Fix(time: nil, coordinate: coordinate), into: &out) == .rejected(.badCoordinates))
    #expect(engine.statistics.rejected == [.badCoordinates: 1])
    #expect(engine.statistics.admitted == 0)
}

@Test func boundaryCoordinatesAreAdmitted() throws {
    let engine = try homeEngine()
    var out: [Transition] = []
    #expect(engine.feed(at(1, Coordinate(latitude: 90, longitude: 180)), into: &out) == .admitted)
    #expect(engine.feed(at(2, Coordinate(latitude: -90, longitude: -180)), into: &out) == .admitted)
    #expect(engine.statistics.admitted == 2)
}

@Test func missingTimeIsRejected() throws {
    let engine = try homeEngine()
    var out: [Transition] = []
    #expect(engine.feed(Fix(time: nil, coordinate: paris), into: &out) == .rejected(.noTime))
    #expect(
        engine.statistics.rejectedByKey == [
            "bad-coordinates": 0, "no-time": 1, "bad-time": 0, "out-of-order": 0, "low-accuracy": 0,
            "duplicate": 0, "too-frequent": 0, "implausible-speed": 0,
        ])
}

@Test func orderIsCheckedPerDevice() throws {
    let engine = try homeEngine()
    var out: [Transition] = []
    #expect(engine.feed(at(10, paris, device: "a"), into: &out) == .admitted)
    #expect(engine.feed(at(5, paris, device: "b"), into: &out) == .admitted)  // other device: own clock
    let nearby = Coordinate(latitude: 48.8567, longitude: 2.3522)
    #expect(engine.feed(at(10, nearby, device: "a"), into: &out) == .rejected(.outOfOrder))  // equal time, elsewhere
    #expect(engine.feed(at(9, paris, device: "a"), into: &out) == .rejected(.outOfOrder))  // earlier
    #expect(engine.feed(at(5, paris), into: &out) == .admitted)  // default device
    #expect(engine.feed(at(5, nearby), into: &out) == .rejected(.outOfOrder))
    #expect(engine.feed(at(10.001, paris, device: "a"), into: &out) == .admitted)
    #expect(engine.statistics.admitted == 4)
    #expect(engine.statistics.rejected == [.outOfOrder: 3])
}

@Test func lowAccuracyIsDroppedAndDoesNotAdvanceTheClock() throws {
    let engine = try homeEngine(EngineOptions(maxAccuracy: 50))
    var out: [Transition] = []
    #expect(engine.feed(at(1, paris, accuracy: 50), into: &out) == .admitted)
    #expect(engine.feed(at(2, paris, accuracy: 50.1), into: &out) == .rejected(.lowAccuracy))
    #expect(engine.feed(at(2, paris), into: &out) == .admitted)  // no accuracy: admitted; t=2 still free
    #expect(engine.statistics.rejected == [.lowAccuracy: 1])
    // Order is checked before accuracy: an old fix is out-of-order even when inaccurate.
    #expect(engine.feed(at(1, paris, accuracy: 500), into: &out) == .rejected(.outOfOrder))
}

@Test func rejectedFixesCauseNoTransitions() throws {
    let engine = try homeEngine(EngineOptions(initialTrigger: true))
    var out: [Transition] = []
    engine.feed(Fix(time: nil, coordinate: paris), into: &out)
    engine.feed(at(1, Coordinate(latitude: 100, longitude: 0)), into: &out)
    #expect(out.isEmpty)
    engine.feed(at(1, paris), into: &out)
    #expect(out.map(\.kind) == [.enter])
}

@Test func invalidOptionsAreRefused() {
    #expect(throws: EngineError.invalidOption(name: "hysteresis", value: -1)) { try homeEngine(EngineOptions(hysteresis: -1)) }
    #expect(throws: EngineError.invalidOption(name: "stale-timeout", value: 0)) { try homeEngine(EngineOptions(staleTimeout: 0)) }
}

@Test func rejectionCountsEncodeAsKeyedJSON() throws {
    var statistics = EngineStatistics()
    statistics.rejected[.noTime] = 2
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(statistics), as: UTF8.self)
    #expect(json == #"{"admitted":0,"geosFailures":0,"insidePairs":0,"rejected":{"no-time":2}}"#)
    #expect(try JSONDecoder().decode(EngineStatistics.self, from: Data(json.utf8)) == statistics)
}
