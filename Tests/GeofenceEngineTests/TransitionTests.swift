import Foundation
import TestSupport
import Testing

@testable import GeofenceEngine

@Test func enterAndLeaveAtTheRadius() throws {
    let engine = try homeEngine()
    let fixes = [at(0, offset(paris, 150)), at(1, offset(paris, 99.9)), at(2, offset(paris, 100.1)), at(3, offset(paris, 20))]
    #expect(run(engine, fixes) == [[], ["enter:home"], ["leave:home"], ["enter:home"]])
}

@Test func transitionCarriesFixDistanceAndTime() throws {
    let engine = try homeEngine()
    var out: [Transition] = []
    engine.feed(at(100, offset(paris, 300), device: "phone"), into: &out)
    engine.feed(at(110, offset(paris, 60), device: "phone"), into: &out)
    let enter = try #require(out.first)
    #expect(out.count == 1)
    #expect(enter.kind == .enter && enter.fenceID == "home" && enter.fix.device == "phone")
    #expect(abs(try #require(enter.distance) - 60) < 1e-6)
    #expect(enter.time == Date(timeIntervalSince1970: 110))
}

@Test func hysteresisBandKeepsTheState() throws {
    let engine = try homeEngine(EngineOptions(hysteresis: 20))
    let fixes = [
        at(0, offset(paris, 90)), at(1, offset(paris, 119)), at(2, offset(paris, 121)),
        at(3, offset(paris, 101)), at(4, offset(paris, 99)),
    ]
    // Inside (initial, silent); 119 in band: stay; 121 > r+h: leave; 101 in band: stay outside; 99: enter.
    #expect(run(engine, fixes) == [[], [], ["leave:home"], [], ["enter:home"]])
}

@Test func hysteresisBandFromUnknownIsOutside() throws {
    let engine = try homeEngine(EngineOptions(hysteresis: 20, initialTrigger: true))
    // First fix in the band: unknown becomes outside (no enter); then inside: enter.
    #expect(
        run(engine, [at(0, offset(paris, 110)), at(1, offset(paris, 115)), at(2, offset(paris, 50))])
            == [[], [], ["enter:home"]])
}

@Test func initialTriggerOnlyWhenAsked() throws {
    let silent = try homeEngine()
    #expect(run(silent, [at(0, paris), at(1, offset(paris, 200))]) == [[], ["leave:home"]])
    let loud = try homeEngine(EngineOptions(initialTrigger: true))
    var out: [Transition] = []
    loud.feed(at(0, paris), into: &out)
    #expect(out.map(\.kind) == [.enter])
    #expect(out[0].crossingTime == nil)
    // Initially outside never emits, with or without the option.
    #expect(run(try homeEngine(EngineOptions(initialTrigger: true)), [at(0, offset(paris, 200))]) == [[]])
}

@Test func devicesHaveIndependentStates() throws {
    let engine = try homeEngine()
    let fixes = [
        at(0, paris, device: "a"), at(0, offset(paris, 500), device: "b"),
        at(1, offset(paris, 500), device: "a"), at(1, paris, device: "b"),
    ]
    var out: [Transition] = []
    for fix in fixes { engine.feed(fix, into: &out) }
    #expect(out.map { "\($0.kind.rawValue):\($0.fix.device!)" } == ["leave:a", "enter:b"])
    #expect(engine.insideFences(device: "b") == ["home"])
    #expect(engine.insideFences(device: "a") == [])
}

@Test func dwellAfterContinuousInsideTime() throws {
    let engine = try homeEngine(EngineOptions(dwellTime: 60))
    let fixes = [
        at(0, offset(paris, 500)), at(10, paris), at(69, paris), at(70, paris), at(200, paris),
        at(210, offset(paris, 500)), at(300, paris), at(359, paris), at(360, paris),
    ]
    #expect(run(engine, fixes) == [[], ["enter:home"], [], ["dwell:home"], [], ["leave:home"], ["enter:home"], [], ["dwell:home"]])
}

@Test func dwellCountsFromAnInitialInsideState() throws {
    let engine = try homeEngine(EngineOptions(dwellTime: 60))
    #expect(run(engine, [at(0, paris), at(59.5, paris), at(60, paris)]) == [[], [], ["dwell:home"]])
}

@Test func dwellOfZeroFollowsTheEnter() throws {
    let engine = try homeEngine(EngineOptions(dwellTime: 0))
    #expect(run(engine, [at(0, offset(paris, 500)), at(1, paris)]) == [[], ["enter:home", "dwell:home"]])
}

@Test func accuracyStraddleNeverChangesTheState() throws {
    let engine = try homeEngine(EngineOptions(accuracyAware: true))
    let fixes = [
        at(0, offset(paris, 50), accuracy: 10),
        at(1, offset(paris, 105), accuracy: 10),  // |5| < 10: straddles, stays inside
        at(2, offset(paris, 400), accuracy: 350),  // |300| < 350: straddles
        at(3, offset(paris, 110.5), accuracy: 10),  // |10.5| >= 10: leave
        at(4, offset(paris, 95), accuracy: 10),  // straddles: stays outside
        at(5, offset(paris, 89), accuracy: 10),
    ]  // |11| >= 10: enter
    #expect(run(engine, fixes) == [[], [], [], ["leave:home"], [], ["enter:home"]])
}

@Test func accuracyStraddleKeepsUnknownUnknown() throws {
    let engine = try homeEngine(EngineOptions(initialTrigger: true, accuracyAware: true))
    // The first fix straddles: still unknown, so the next clear inside fix is an initial enter.
    #expect(run(engine, [at(0, offset(paris, 95), accuracy: 10), at(1, paris, accuracy: 5)]) == [[], ["enter:home"]])
    let engine2 = try homeEngine(EngineOptions(initialTrigger: true, accuracyAware: true))
    #expect(
        run(engine2, [at(0, offset(paris, 95), accuracy: 10), at(1, offset(paris, 300), accuracy: 5), at(2, paris)])
            == [[], [], ["enter:home"]])
}

@Test func accuracyIgnoredWithoutTheOption() throws {
    let engine = try homeEngine()
    #expect(run(engine, [at(0, paris), at(1, offset(paris, 105), accuracy: 10)]) == [[], ["leave:home"]])
}

@Test func staleTimeoutReturnsStatesToUnknown() throws {
    let engine = try homeEngine(EngineOptions(initialTrigger: true, staleTimeout: 300))
    let fixes = [at(0, paris), at(300, paris), at(601, paris), at(700, offset(paris, 500)), at(1001, offset(paris, 500))]
    // 300 s is not more than T: kept. 301 s of silence: unknown again, so the initial trigger fires again.
    // After 301 s outside → outside, the state is unknown then outside: no event.
    #expect(run(engine, fixes) == [["enter:home"], [], ["enter:home"], ["leave:home"], []])
}

@Test func staleTimeoutWithoutTriggerIsSilentAndLeavesNoPhantom() throws {
    let engine = try homeEngine(EngineOptions(staleTimeout: 60))
    #expect(run(engine, [at(0, paris), at(100, offset(paris, 500))]) == [[], []])
    #expect(engine.insideFences(device: nil) == [])
    let other = try homeEngine(EngineOptions(staleTimeout: 60))
    _ = run(other, [at(0, paris)])
    #expect(other.insideFences(device: nil) == ["home"])
    other.expireStaleDevices(asOf: Date(timeIntervalSince1970: 61))
    #expect(other.insideFences(device: nil) == [])
    #expect(other.snapshot().devices[0].decided == false)
}

@Test func crossingInstantIsInterpolatedAlongTheGeodesic() throws {
    let engine = try homeEngine()
    var out: [Transition] = []
    engine.feed(at(0, offset(paris, 300)), into: &out)
    engine.feed(at(36, offset(paris, 60, azimuth: 180)), into: &out)  // 300 m N to 60 m S: crosses 100 m N at 200/360
    engine.feed(at(44, offset(paris, 140, azimuth: 180)), into: &out)  // 60 m S to 140 m S: crosses 100 m S halfway
    #expect(out.map(\.kind) == [.enter, .leave])
    let enter = try #require(out[0].crossingTime).timeIntervalSince1970
    let leave = try #require(out[1].crossingTime).timeIntervalSince1970
    #expect(abs(enter - 20) < 1e-6)
    #expect(abs(leave - 40) < 1e-6)
}

@Test func crossingInstantForLargeFencesUsesTheExactSolver() throws {
    let engine = try GeofenceEngine(fences: [Fence.circle(id: "region", center: paris, radius: 500_000)])
    var out: [Transition] = []
    engine.feed(at(0, offset(paris, 600_000)), into: &out)
    engine.feed(at(100, offset(paris, 400_000)), into: &out)
    #expect(out.map(\.kind) == [.enter])
    #expect(abs(try #require(out[0].crossingTime).timeIntervalSince1970 - 50) < 1e-3)
}

@Test func noCrossingInstantWhenTheBoundaryWasCrossedInTheBand() throws {
    let engine = try homeEngine(EngineOptions(hysteresis: 50))
    var out: [Transition] = []
    for fix in [at(0, paris), at(10, offset(paris, 120)), at(20, offset(paris, 200))] { engine.feed(fix, into: &out) }
    #expect(out.map(\.kind) == [.leave])
    #expect(out[0].crossingTime == nil)
}

@Test func crossEventWhenASegmentPassesThroughAFence() throws {
    let options = EngineOptions(detectCrossings: true)
    let fixes = [
        at(0, offset(paris, 300, azimuth: 270)), at(10, offset(paris, 300, azimuth: 90)),
        at(20, offset(paris, 300, azimuth: 0)),
    ]
    let engine = try homeEngine(options)
    var out: [Transition] = []
    for fix in fixes { engine.feed(fix, into: &out) }
    #expect(out.map(\.kind) == [.cross])  // the second segment passes 212 m from the centre: no cross
    #expect(abs(try #require(out[0].crossingTime).timeIntervalSince1970 - 5) < 1e-3)
    #expect(run(try homeEngine(), fixes) == [[], [], []])
}

@Test func crossEventForAFenceFarFromBothFixes() throws {
    // Fixes 20 km apart: the fence is not an index candidate of either fix, only of the segment.
    let engine = try homeEngine(EngineOptions(detectCrossings: true))
    let fixes = [at(0, offset(paris, 10_000, azimuth: 270)), at(60, offset(paris, 10_000, azimuth: 90))]
    #expect(run(engine, fixes) == [[], ["cross:home"]])
}

@Test func farJumpLeavesAFenceThatIsNoLongerACandidate() throws {
    let engine = try homeEngine()
    #expect(run(engine, [at(0, paris), at(1, offset(paris, 50_000)), at(2, paris)]) == [[], ["leave:home"], ["enter:home"]])
}

@Test func closureFeedHandsOverTransitions() throws {
    let engine = try homeEngine()
    var kinds: [Transition.Kind] = []
    engine.feed(at(0, offset(paris, 500))) { kinds.append($0.kind) }
    engine.feed(at(1, paris)) { kinds.append($0.kind) }
    #expect(kinds == [.enter])
}
