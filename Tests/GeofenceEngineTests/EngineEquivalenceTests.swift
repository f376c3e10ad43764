import Foundation
import Testing

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

/// A seeded walk around `start`: mostly 0–40 m steps, sometimes a 3 km jump.
func referenceWalk(start: Coordinate, count: Int, seed: UInt64) -> [Fix] {
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
        let step = random() < 0.01 ? 3_000 : 40 * random()
        position = Geodesic.wgs84.destination(from: position, azimuth: heading * 180 / .pi, distance: step)
        if Geodesic.wgs84.distance(from: start, to: position) > 2_500 { position = start }
        fixes.append(at(Double(i) * 5, position))
    }
    return fixes
}

@Test(arguments: [
    Coordinate(latitude: 48.8566, longitude: 2.3522),  // mid-latitude
    Coordinate(latitude: 65.0, longitude: 179.99),  // across the antimeridian
    Coordinate(latitude: 89.98, longitude: 30),  // around the North Pole
])
func engineMatchesTheNaiveRules(start: Coordinate) throws {
    var state: UInt64 = 7
    func random() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    var circles: [CircularFence] = []
    for _ in 0..<300 {
        let center = Geodesic.wgs84.destination(from: start, azimuth: 360 * random(), distance: 2_500 * random())
        circles.append(try CircularFence(center: center, radius: 20 + 280 * random()))
    }
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
        for fix in referenceWalk(start: start, count: 1_000, seed: 99) {
            var out: [Transition] = []
            engine.feed(fix, into: &out)
            let expected = reference.feed(fix)
            total += expected.count
            if out.map({ "\($0.kind.rawValue) \($0.fenceID)" }) != expected { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(total > 100)
    }
}
