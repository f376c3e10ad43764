import Foundation
import TestSupport
import Testing

@testable import GeofenceEngine

/// Retiring a fence from time t takes away exactly its transitions at fixes from t on, and nothing
/// else: the walks of the padding test (a walker, a car and a fast car, every option on), the
/// third device's fixes read last so its clock is behind the others', and fences retired at random
/// moments from the fix's time, from earlier (moving a retirement earlier) or from later, enough of
/// them that the live index is rebuilt several times.
@Test(arguments: testStarts)
func retiringTakesAwayExactlyTheRetiredTransitions(start: Coordinate) throws {
    let (fences, walks) = try threeDeviceWorkload(around: start, seed: 13, walkSeed: 21)
    var random = TestLCG(state: 17)
    let fixes = (0..<400).flatMap { i in walks[..<2].map { $0[i] } } + walks[2]
    let options = EngineOptions(
        hysteresis: 15, initialTrigger: true, dwellTime: 30, accuracyAware: true, staleTimeout: 600,
        detectCrossings: true, candidatePadding: 300)
    let plain = try GeofenceEngine(fences: fences, options: options)
    let retiring = try GeofenceEngine(fences: fences, options: options)
    var retiredFrom = Array(repeating: Double.infinity, count: fences.count)
    var takenAway = 0, kept = 0, rebuilds = 0
    func lines(_ transitions: [Transition]) -> [String] {
        let all = transitions.map { transition in
            let distance = transition.kind == .cross ? "-" : "\(transition.distance?.bitPattern ?? 0)"
            return "\(transition.kind) \(transition.fenceID) \(distance) "
                + "\(transition.crossingTime?.timeIntervalSinceReferenceDate.bitPattern ?? 0)"
        }
        // Cross events keep their relative order only among the tracked ones: compared as a set.
        return all.filter { $0.hasPrefix("cross") }.sorted() + all.filter { !$0.hasPrefix("cross") }
    }
    for (n, fix) in fixes.enumerated() {
        let time = fix.time!.timeIntervalSinceReferenceDate
        var expected: [Transition] = []
        var got: [Transition] = []
        plain.feed(fix, into: &expected)
        retiring.feed(fix, into: &got)
        let before = expected.count
        expected.removeAll { retiredFrom[Int($0.fenceIndex)] <= time }
        takenAway += before - expected.count
        kept += expected.count
        #expect(lines(got) == lines(expected), "fix \(n)")
        if random.unit() < 0.5 {
            let fence = Int(random.unit() * Double(fences.count))
            let from = time + [0, -900, 1_500][Int(random.unit() * 3)]
            let hadIndex = retiring.retired.liveFrom
            retiring.retire(fence: fence, from: Date(timeIntervalSinceReferenceDate: from))
            retiredFrom[fence] = min(retiredFrom[fence], from)
            if retiring.retired.liveFrom != hadIndex { rebuilds += 1 }
        }
    }
    #expect(takenAway > 100 && kept > 500 && rebuilds >= 2, "\(takenAway) taken away, \(kept) kept, \(rebuilds) rebuilds")
    #expect(retiring.statistics.admitted == plain.statistics.admitted)
    // A device's saved states are the plain engine's, less the fences retired at its last fix.
    for (device, plainDevice) in zip(retiring.snapshot().devices, plain.snapshot().devices) {
        let lastTime = plainDevice.lastTime!.timeIntervalSinceReferenceDate
        #expect(
            device.fences.allSatisfy { state in
                retiredFrom[Int(state.fence.dropFirst())!] <= lastTime || plainDevice.fences.contains(state)
            })
        #expect(
            plainDevice.fences.filter { retiredFrom[Int($0.fence.dropFirst())!] > lastTime }.allSatisfy(device.fences.contains),
            "\(device.device ?? "-")")
    }
}

/// A device whose clock is behind a retirement decides the fence as before, until its own clock reaches it.
@Test func aDeviceBehindTheRetirementsStillDecides() throws {
    let home = try Fence.circle(id: "home", center: paris, radius: 100)
    let engine = try GeofenceEngine(fences: [home], options: EngineOptions())
    var transitions: [Transition] = []
    let away = Geodesic.wgs84.destination(from: paris, azimuth: 90, distance: 500)
    engine.feed(at(0, away, device: "ahead"), into: &transitions)
    engine.feed(at(10, paris, device: "ahead"), into: &transitions)
    #expect(transitions.map(\.kind) == [.enter])
    engine.retire(fence: 0, from: Date(timeIntervalSince1970: 10))
    transitions.removeAll()
    engine.feed(at(20, away, device: "ahead"), into: &transitions)
    engine.feed(at(30, paris, device: "ahead"), into: &transitions)
    #expect(transitions.isEmpty)
    #expect(engine.insideFences(device: "ahead").isEmpty)
    // Behind the retirement: decided as before, until its own clock reaches it.
    engine.feed(at(0, away, device: "behind"), into: &transitions)
    engine.feed(at(5, paris, device: "behind"), into: &transitions)
    #expect(transitions.map(\.kind) == [.enter])
    #expect(engine.insideFences(device: "behind") == ["home"])
    engine.feed(at(15, away, device: "behind"), into: &transitions)
    #expect(transitions.map(\.kind) == [.enter])
    #expect(engine.insideFences(device: "behind").isEmpty)
}

/// Once every fence has retired, the live index holds none: a fix from then on tracks nothing,
/// while a fix from before the retirements still queries every fence and decides them.
@Test func everyFenceRetiredLeavesNothingToTrack() throws {
    let fences = try (0..<64).map { n in
        try Fence.circle(
            id: "f\(n)", center: Geodesic.wgs84.destination(from: paris, azimuth: Double(n) * 5.625, distance: 50), radius: 100)
    }
    let engine = try GeofenceEngine(fences: fences, options: EngineOptions())
    for n in fences.indices { engine.retire(fence: n, from: Date(timeIntervalSince1970: 100 + Double(n))) }
    #expect(
        engine.retired.hasLiveIndex && engine.retired.live == nil
            && engine.retired.liveFrom == Date(timeIntervalSince1970: 163).timeIntervalSinceReferenceDate)
    var transitions: [Transition] = []
    engine.feed(at(163, paris, device: "late"), into: &transitions)
    #expect(transitions.isEmpty && engine.devices[0].tracked.isEmpty)
    let config = EngineOptions(initialTrigger: true)
    let triggering = try GeofenceEngine(fences: fences, options: config)
    for n in fences.indices { triggering.retire(fence: n, from: Date(timeIntervalSince1970: 100 + Double(n))) }
    // At 120 the first 21 fences (from 100 to 120) are retired; the other 43 are entered.
    triggering.feed(at(120, paris, device: "early"), into: &transitions)
    #expect(transitions.map(\.fenceID) == fences[21...].map(\.id))
}
