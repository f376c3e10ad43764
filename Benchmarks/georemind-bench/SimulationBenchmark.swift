import Foundation
import GeofenceEngine
import TraceFormats

/// Simulated trips: 1,000,000 noisy fixes generated (fixes/s), then generated and streamed to a
/// GPX file (fixes/s, MB/s); peak memory shows the trip is never held whole.
let simulationBenchmark = Benchmark(name: "simulate") {
    let origin = Coordinate(latitude: 48.8566, longitude: 2.3522)
    let plan = try TripPlan(
        route: [
            origin, Coordinate(latitude: 52.52, longitude: 13.405),
            Coordinate(latitude: 59.3293, longitude: 18.0686),
        ],
        departure: Date(timeIntervalSince1970: 1_795_453_200), speed: 1.5, interval: 1,
        linger: 300, device: "phone", noise: 5, seed: 1)
    let trip = plan.fixes.prefix(1_000_000)
    let generated = measure { trip.reduce(into: 0) { count, _ in count += 1 } }
    print(String(format: "generate: %.0f fixes/s, %d fixes", Double(generated.result) / generated.seconds, generated.result))
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-bench-\(getpid()).gpx").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let written = try measure { try GPXTraceWriter.write(trip, toPath: path, name: "phone") }
    let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    print(
        String(
            format: "generate + GPX: %.0f fixes/s, %.1f MB/s, %d fixes, %.1f MB", Double(written.result) / written.seconds,
            Double(bytes) / 1e6 / written.seconds, written.result, Double(bytes) / 1e6))
    print(String(format: "peak memory: %.1f MiB", peakMemoryMiB()))
}
