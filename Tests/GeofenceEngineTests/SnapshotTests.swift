import Foundation
import TestSupport
import Testing
import TraceFormats

@testable import GeofenceEngine

/// A deterministic walk of three devices over five fences (SplitMix64), with some bad fixes mixed in.
func walkingStream(count: Int) -> [Fix] {
    var state: UInt64 = 42
    func random() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1330_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    var positions = [paris, offset(paris, 300, azimuth: 90), offset(paris, 600, azimuth: 200)]
    var times = [0.0, 0.0, 0.0]
    var fixes: [Fix] = []
    for i in 0..<count {
        let d = i % 3
        positions[d] = offset(positions[d], 40 * random(), azimuth: 360 * random())
        times[d] += random() < 0.02 ? 400 : 1 + 9 * random()
        let accuracy = random() < 0.3 ? 30 * random() : nil
        var fix = at(times[d], positions[d], accuracy: accuracy, device: "device-\(d)")
        if random() < 0.02 { fix.time = nil }
        if random() < 0.02 { fix.time = Date(timeIntervalSince1970: times[d] - 1) }
        fixes.append(fix)
    }
    return fixes
}

func snapshotFences() throws -> [Fence] {
    try [
        Fence.circle(id: "home", center: paris, radius: 100),
        Fence.circle(id: "cafe", center: offset(paris, 250, azimuth: 90), radius: 60),
        Fence.circle(id: "park", center: offset(paris, 500, azimuth: 200), radius: 200),
        Fence.circle(id: "district", center: paris, radius: 2_000),
        Fence.polygon(id: "block", wkt: "POLYGON((2.350 48.855, 2.356 48.855, 2.356 48.858, 2.350 48.858, 2.350 48.855))"),
    ]
}

let everyOption = EngineOptions(
    hysteresis: 15, maxAccuracy: 25, initialTrigger: true, dwellTime: 120,
    accuracyAware: true, staleTimeout: 300, detectCrossings: true, candidatePadding: 100)

func describe(_ transitions: [Transition]) -> [String] {
    transitions.map {
        "\($0.kind.rawValue) \($0.fenceID) \($0.fix.device ?? "-") \($0.time.timeIntervalSince1970) "
            + "\($0.distance.map { String(format: "%.6f", $0) } ?? "-") \($0.crossingTime?.timeIntervalSince1970 ?? -1)"
    }
}

@Test func aStreamSplitAnywhereBehavesAsOneStream() throws {
    let fixes = walkingStream(count: 600)
    let whole = try GeofenceEngine(fences: snapshotFences(), options: everyOption)
    var expected: [Transition] = []
    whole.feed(fixes, into: &expected)
    #expect(expected.count > 20)
    #expect(Set(expected.map(\.kind)) == [.enter, .leave, .dwell, .cross])
    for split in stride(from: 0, through: 600, by: 37) {
        let first = try GeofenceEngine(fences: snapshotFences(), options: everyOption)
        var got: [Transition] = []
        first.feed(fixes[..<split], into: &got)
        // Through JSON, as the CLI stores it between files.
        let saved = try JSONEncoder().encode(first.snapshot())
        let second = try GeofenceEngine(fences: snapshotFences(), options: everyOption)
        try second.restore(JSONDecoder().decode(EngineSnapshot.self, from: saved))
        second.feed(fixes[split...], into: &got)
        #expect(describe(got) == describe(expected), "split at \(split)")
        #expect(second.statistics == whole.statistics)
    }
}

@Test func snapshotHoldsOnlyStatesThatAreNotOutside() throws {
    var fences = try snapshotFences()
    for i in 0..<1_000 { fences.append(try Fence.circle(id: "far-\(i)", center: offset(paris, 5_000 + Double(i) * 10), radius: 50)) }
    let engine = try GeofenceEngine(fences: fences)
    var out: [Transition] = []
    engine.feed(at(0, paris, device: "a"), into: &out)
    engine.feed(at(0, offset(paris, 4_000, azimuth: 180), device: "b"), into: &out)
    let snapshot = engine.snapshot()
    #expect(snapshot.devices.map(\.device) == ["a", "b"])
    #expect(snapshot.devices[0].fences.map(\.fence) == ["home", "district", "block"])
    #expect(snapshot.devices[1].fences.map(\.fence) == [])
    #expect(snapshot.devices.map(\.decided) == [true, true])
}

@Test func restoredInsideStateCausesNoSpuriousEvent() throws {
    let engine = try homeEngine(EngineOptions(initialTrigger: true))
    var out: [Transition] = []
    engine.feed(at(0, paris), into: &out)
    let next = try homeEngine(EngineOptions(initialTrigger: true))
    try next.restore(engine.snapshot())
    #expect(run(next, [at(1, paris), at(2, offset(paris, 200))]) == [[], ["leave:home"]])
    // Out-of-order is remembered too.
    #expect(next.feed(at(2, paris), into: &out) == .rejected(.outOfOrder))
}

@Test func restoringStateOfAMissingFenceFails() throws {
    let engine = try homeEngine()
    var out: [Transition] = []
    engine.feed(at(0, paris, device: "a"), into: &out)
    let other = try GeofenceEngine(fences: [Fence.circle(id: "work", center: paris, radius: 100)])
    #expect(throws: EngineError.unknownFenceInSnapshot(fence: "home", device: "a")) { try other.restore(engine.snapshot()) }
}
