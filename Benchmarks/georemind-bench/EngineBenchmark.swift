import Foundation
import GeofenceEngine

/// The engine workload: M random circles (radius 50–500 m) in a 50 × 50 km area and N random-walk
/// fixes of one device in it; prints fixes/s (feeding only), inside pairs, transitions, peak memory.
let engineBenchmark = Benchmark(name: "engine") {
    // GEOREMIND_BENCH_FENCES=100 runs one size only (for profiling).
    let sizes = ProcessInfo.processInfo.environment["GEOREMIND_BENCH_FENCES"].flatMap { Int($0) }.map { [$0] } ?? [100, 10_000, 100_000]
    var options = EngineOptions()
    if let padding = ProcessInfo.processInfo.environment["GEOREMIND_BENCH_PADDING"].flatMap(Double.init) {
        options.candidatePadding = padding
    }
    for fenceCount in sizes {
        try runEngineWorkload(fences: fenceCount, fixes: 1_000_000, options: options)
    }
}

/// A small run of the same workload, for the leak check under valgrind (scripts/leak-check).
let engineSmallBenchmark = Benchmark(name: "engine-small") {
    try runEngineWorkload(
        fences: 500, fixes: 20_000,
        options: EngineOptions(
            hysteresis: 10, initialTrigger: true, dwellTime: 60, accuracyAware: true, staleTimeout: 600, detectCrossings: true))
    let polygon = try Fence.polygon(
        id: "p", wkt: "POLYGON((11.4 48.0, 11.6 48.0, 11.6 48.2, 11.4 48.2, 11.4 48.0), (11.45 48.05, 11.5 48.05, 11.5 48.1, 11.45 48.05))")
    let engine = try GeofenceEngine(fences: [polygon], options: EngineOptions(detectCrossings: true))
    var out: [Transition] = []
    for i in 0..<200 {
        // Zigzag through the polygon and its hole: enters, leaves and crossings.
        engine.feed(
            Fix(
                time: Date(timeIntervalSince1970: Double(i)), latitude: 47.99 + 0.001 * Double(i),
                longitude: i % 2 == 0 ? 11.3 : 11.7), into: &out)
    }
    print("polygon transitions: \(out.count)")
}

func runEngineWorkload(fences fenceCount: Int, fixes fixCount: Int, options: EngineOptions = EngineOptions()) throws {
    let center = Coordinate(latitude: 48.1, longitude: 11.5)
    let latitudeHalfSpan = 25_000 / 111_200.0
    let longitudeHalfSpan = 25_000 / (111_320 * cos(center.latitude * .pi / 180))
    var random = SeededGenerator(seed: UInt64(fenceCount))
    var fences: [Fence] = []
    fences.reserveCapacity(fenceCount)
    for i in 0..<fenceCount {
        let coordinate = Coordinate(
            latitude: center.latitude + .random(in: -latitudeHalfSpan...latitudeHalfSpan, using: &random),
            longitude: center.longitude + .random(in: -longitudeHalfSpan...longitudeHalfSpan, using: &random))
        fences.append(try .circle(id: "f\(i)", center: coordinate, radius: .random(in: 50...500, using: &random)))
    }
    let (buildSeconds, engine) = try measure { try GeofenceEngine(fences: fences, options: options) }

    // The walk: heading drifts, 1–15 m per one-second step, reflected at the area's edges.
    var latitude = center.latitude, longitude = center.longitude, heading = 0.0, time = 1_700_000_000.0
    var chunk: [Fix] = []
    chunk.reserveCapacity(65_536)
    var transitions: [Transition] = []
    transitions.reserveCapacity(65_536)
    var transitionCount = 0, seconds = 0.0, cpuSeconds = 0.0, remaining = fixCount
    while remaining > 0 {
        chunk.removeAll(keepingCapacity: true)
        for _ in 0..<min(65_536, remaining) {
            heading += .random(in: -0.3...0.3, using: &random)
            let step = Double.random(in: 1...15, using: &random)
            latitude += step * cos(heading) / 111_200
            longitude += step * sin(heading) / (111_320 * cos(latitude * .pi / 180))
            if abs(latitude - center.latitude) > latitudeHalfSpan {
                heading = .pi - heading; latitude = center.latitude + (latitude > center.latitude ? 1 : -1) * latitudeHalfSpan
            }
            if abs(longitude - center.longitude) > longitudeHalfSpan {
                heading = -heading; longitude = center.longitude + (longitude > center.longitude ? 1 : -1) * longitudeHalfSpan
            }
            time += 1
            chunk.append(Fix(time: Date(timeIntervalSince1970: time), latitude: latitude, longitude: longitude, accuracy: 8))
        }
        remaining -= chunk.count
        let cpuStart = threadCPUSeconds()
        let (elapsed, _) = measure { engine.feed(chunk, into: &transitions) }
        transitionCount += transitions.count
        transitions.removeAll(keepingCapacity: true)
        seconds += elapsed
        cpuSeconds += threadCPUSeconds() - cpuStart
    }
    // CPU time of this thread is the single-core figure; wall time also counts other processes' turns.
    print(
        String(
            format:
                "M=%d N=%d: %.2f M fixes/s on CPU time (%.2f M/s wall; %.3f s CPU feeding, %.3f s building), inside pairs %d, transitions %d, peak %.1f MiB",
            fenceCount, fixCount, Double(fixCount) / cpuSeconds / 1e6, Double(fixCount) / seconds / 1e6, cpuSeconds, buildSeconds,
            engine.statistics.insidePairs, transitionCount, peakMemoryMiB()))
}

/// CPU seconds used by the calling thread (CLOCK_THREAD_CPUTIME_ID).
func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
