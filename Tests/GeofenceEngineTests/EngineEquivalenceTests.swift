import Foundation
import Testing
import TraceFormats

@testable import GeofenceEngine

/// The rules applied naively: every fence, every fix, exact geodesic distance. The engine (index,
/// candidate reuse, tangent plane, travel budgets) must produce exactly the same transitions.
struct ReferenceEngine {
    let fences: [CircularFence]
    let ids: [String]
    let options: EngineOptions
    var states: [FenceState?]
    var insideSince: [Double]
    var dwellReported: [Bool]

    init(fences: [CircularFence], ids: [String], options: EngineOptions) {
        self.fences = fences
        self.ids = ids
        self.options = options
        states = Array(repeating: nil, count: fences.count)
        insideSince = Array(repeating: 0, count: fences.count)
        dwellReported = Array(repeating: false, count: fences.count)
    }

    mutating func feed(_ fix: Fix) -> [String] {
        let time = fix.time!.timeIntervalSince1970
        var out: [String] = []
        for (i, fence) in fences.enumerated() {
            let d = Geodesic.wgs84.distance(from: fence.center, to: fix.coordinate)
            let observed: FenceState? = d <= fence.radius ? .inside : d > fence.radius + options.hysteresis ? .outside : nil
            let before = states[i]
            let after = before == nil ? (observed ?? .outside) : (observed ?? before!)
            if after != before {
                states[i] = after
                dwellReported[i] = false
                if after == .inside { insideSince[i] = time }
                if before == nil {
                    if after == .inside, options.initialTrigger { out.append("enter \(ids[i])") }
                } else {
                    out.append("\(after == .inside ? "enter" : "leave") \(ids[i])")
                }
            }
            if after == .inside, let dwell = options.dwellTime, !dwellReported[i], time - insideSince[i] >= dwell {
                dwellReported[i] = true
                out.append("dwell \(ids[i])")
            }
        }
        return out
    }
}

/// The equivalence tests' generator: a 64-bit LCG (Knuth's MMIX constants), unit values from its top 53 bits.
struct TestLCG {
    var state: UInt64

    mutating func unit() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
}

/// `count` circles (radius 20–300 m) scattered within 2.5 km of `start`.
func scatteredCircles(around start: Coordinate, count: Int, using random: inout TestLCG) throws -> [CircularFence] {
    try (0..<count).map { _ in
        let center = Geodesic.wgs84.destination(from: start, azimuth: 360 * random.unit(), distance: 2_500 * random.unit())
        return try CircularFence(center: center, radius: 20 + 280 * random.unit())
    }
}

/// A seeded walk around `start`: mostly 0–`stepLength` m steps (40 m: a walker), sometimes a 3 km jump.
func referenceWalk(start: Coordinate, count: Int, seed: UInt64, stepLength: Double = 40) -> [Fix] {
    var state = seed
    func random() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1330_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    var position = start, heading = 0.0
    var fixes: [Fix] = []
    for i in 0..<count {
        heading += (random() - 0.5) * 0.8
        let step = random() < 0.01 ? 3_000 : stepLength * random()
        position = Geodesic.wgs84.destination(from: position, azimuth: heading * 180 / .pi, distance: step)
        if Geodesic.wgs84.distance(from: start, to: position) > 2_500 { position = start }
        fixes.append(at(Double(i) * 5, position))
    }
    return fixes
}

/// Where the engine tests start their walks: mid-latitude, across the antimeridian, around the North Pole.
let testStarts = [
    Coordinate(latitude: 48.8566, longitude: 2.3522),
    Coordinate(latitude: 65.0, longitude: 179.99),
    Coordinate(latitude: 89.98, longitude: 30),
]

@Test(arguments: testStarts)
func engineMatchesTheNaiveRules(start: Coordinate) throws {
    try matchNaiveRules(start: start, stepLength: 40)
}

/// Steps of up to 600 m against paddings of 100 and 250 m: most fixes outrun the padding and park
/// the device (its candidates dropped, its inside fences kept without models or budgets), the
/// others keep it; a parked device's next fix must decide exactly as the naive rules do.
@Test(arguments: testStarts)
func engineMatchesTheNaiveRulesWhileParking(start: Coordinate) throws {
    let parked = try matchNaiveRules(start: start, stepLength: 600)
    #expect(parked.fixes > 300 && parked.withInsideFences > 20, "\(parked)")
}

/// Feeds a walk to the engine and to ``ReferenceEngine`` under two option sets; returns how many
/// fixes left the device parked, and how many of those with inside fences kept.
@discardableResult
func matchNaiveRules(start: Coordinate, stepLength: Double) throws -> (fixes: Int, withInsideFences: Int) {
    var parked = (fixes: 0, withInsideFences: 0)
    var random = TestLCG(state: 7)
    var circles = try scatteredCircles(around: start, count: 300, using: &random)
    circles.append(try CircularFence(center: start, radius: 50_000))
    circles.append(try CircularFence(center: start, radius: 1_500))
    let ids = circles.indices.map { "f\($0)" }
    for options in [
        EngineOptions(candidatePadding: 100),
        EngineOptions(hysteresis: 30, initialTrigger: true, dwellTime: 60, candidatePadding: 250),
    ] {
        let engine = try GeofenceEngine(fences: zip(ids, circles).map { Fence(id: $0, shape: .circle($1)) }, options: options)
        var reference = ReferenceEngine(fences: circles, ids: ids, options: options)
        var mismatches = 0
        var total = 0
        for fix in referenceWalk(start: start, count: 1_000, seed: 99, stepLength: stepLength) {
            var out: [Transition] = []
            engine.feed(fix, into: &out)
            if let device = engine.devices.first, device.isParked || (device.tracked.isEmpty && device.models.isEmpty) {
                if device.cache.contains(latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude) == false {
                    parked.fixes += 1
                    if !device.tracked.isEmpty { parked.withInsideFences += 1 }
                }
            }
            let expected = reference.feed(fix)
            total += expected.count
            if out.map({ "\($0.kind.rawValue) \($0.fenceID)" }) != expected { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(total > 100)
    }
    return parked
}

/// The candidate padding only sizes a cache: with every option on (hysteresis, accuracy bands,
/// dwell, crossings, stale timeout), engines that never park (5 km padding), park at most fixes
/// (50 m) or in between give the same transitions, enter, leave and dwell bit for bit (distances
/// included: a dwell measures as a measurement would, whether a budget was kept or not), and the
/// same snapshots, for several devices with fast and slow steps around the antimeridian and a pole.
/// A cross event's distance comes from the tangent plane or the exact solver (0.5 mm apart) and
/// its place among one fix's transitions depends on whether its fence was a candidate, as before
/// parking, so cross events are compared per fix without their distance.
@Test(arguments: testStarts)
func transitionsDoNotDependOnTheCandidatePadding(start: Coordinate) throws {
    let (fences, walks) = try threeDeviceWorkload(around: start, seed: 11, walkSeed: 5)
    // Interleaved.
    let fixes = (0..<400).flatMap { i in walks.map { $0[i] } }
    func run(padding: Double) throws -> (transitions: [[String]], snapshot: EngineSnapshot) {
        let options = EngineOptions(
            hysteresis: 15, initialTrigger: true, dwellTime: 30, accuracyAware: true, staleTimeout: 600,
            detectCrossings: true, candidatePadding: padding)
        let engine = try GeofenceEngine(fences: fences, options: options)
        let perFix = fixes.map { fix in
            var transitions: [Transition] = []
            engine.feed(fix, into: &transitions)
            return transitions.map { transition in
                let distance = transition.kind == .cross ? "-" : "\(transition.distance?.bitPattern ?? 0)"
                return "\(transition.kind) \(transition.fenceID) \(distance) "
                    + "\(transition.crossingTime?.timeIntervalSinceReferenceDate.bitPattern ?? 0)"
            }
        }
        // Cross events keep their relative order only among the tracked ones: compare each fix's as a set.
        return (perFix.map { $0.filter { $0.hasPrefix("cross") }.sorted() + $0.filter { !$0.hasPrefix("cross") } }, engine.snapshot())
    }
    let unparked = try run(padding: 5_000)
    let kinds = Set(unparked.transitions.joined().map { $0.split(separator: " ")[0] })
    #expect(unparked.transitions.joined().count > 500 && kinds == ["enter", "leave", "dwell", "cross"])
    for padding in [50.0, 300] {
        let other = try run(padding: padding)
        let first = zip(other.transitions, unparked.transitions).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(first == nil, "padding \(padding), fix \(first?.offset ?? -1): \(first.map { "\($0.element.0) vs \($0.element.1)" } ?? "")")
        #expect(other.snapshot.devices == unparked.snapshot.devices, "padding \(padding) snapshot")
    }
}

/// 400 circles named `f0`… around `start`, and three devices (`device-0`…: a walker, a car and a
/// fast car, 400 fixes each 5 s apart, accuracy 0–40 m), seeded.
func threeDeviceWorkload(around start: Coordinate, seed: UInt64, walkSeed: UInt64) throws -> (fences: [Fence], walks: [[Fix]]) {
    var random = TestLCG(state: seed)
    let fences = try scatteredCircles(around: start, count: 400, using: &random).enumerated().map { n, circle in
        Fence(id: "f\(n)", shape: .circle(circle))
    }
    let walks = [40.0, 250, 700].enumerated().map { device, step in
        referenceWalk(start: start, count: 400, seed: walkSeed + UInt64(device), stepLength: step).map { fix in
            var fix = fix
            fix.device = "device-\(device)"
            fix.accuracy = 40 * random.unit()
            return fix
        }
    }
    return (fences, walks)
}

/// Index candidates come back in tree order, with duplicates for split envelopes: few are sorted,
/// many (a dense downtown) go through a bitmap of all fences; both give the fences in order.
@Test func candidatesSortTheSameWhicheverWay() throws {
    let fences = try (0..<1_000).map { n in
        Fence(id: "f\(n)", shape: .circle(try CircularFence(center: Coordinate(latitude: 0, longitude: Double(n) * 0.01), radius: 10)))
    }
    let engine = try GeofenceEngine(fences: fences)
    var random = SplitMix64(seed: 3)
    for count in [0, 1, 10, 63, 64, 200, 999, 3_000] {
        let items = (0..<count).map { _ in Int32(random.next() % 1_000) }
        var sorted = items
        engine.sortCandidates(&sorted)
        #expect(Array(Set(sorted)).sorted() == Array(Set(items)).sorted(), "count \(count)")
        #expect(sorted == sorted.sorted(), "count \(count)")
        if count >= 200 { #expect(sorted.count == Set(items).count, "the bitmap drops duplicates: count \(count)") }
    }
    // The bitmap is clear again: a second pass over other items is not polluted by the first.
    var again: [Int32] = Array(repeating: 7, count: 100)
    engine.sortCandidates(&again)
    #expect(again == [7])
}
