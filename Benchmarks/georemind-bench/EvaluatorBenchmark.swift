import Foundation
import GeofenceEngine
import GeoReminders

/// Issue 6's feed workload without file reading: 10,000 location reminders (radius 50–500 m, half
/// arriving, half leaving, plus 1,000 timed alarms) in a 50 × 50 km area, and 1,000,000 fixes of 20
/// devices walking in it, interleaved in time order; fed through `AlarmEvaluator` in commit mode.
let evaluatorBenchmark = Benchmark(name: "evaluator") {
    let reminderCount = 10_000, deviceCount = 20, fixCount = 1_000_000
    let center = Coordinate(latitude: 48.1, longitude: 11.5)
    let latitudeHalfSpan = 25_000 / 111_200.0
    let longitudeHalfSpan = 25_000 / (111_320 * cos(center.latitude * .pi / 180))
    var random = SeededGenerator(seed: 6)
    let start = 800_000_000.0

    let store = try ReminderStore.inMemory()
    var fences: [Fence] = []
    for n in 0..<reminderCount {
        let place = StructuredLocation(title: "Place \(n)",
                                       latitude: center.latitude + .random(in: -latitudeHalfSpan...latitudeHalfSpan, using: &random),
                                       longitude: center.longitude + .random(in: -longitudeHalfSpan...longitudeHalfSpan, using: &random),
                                       radius: .random(in: 50...500, using: &random))
        fences.append(try .circle(id: "f\(n)", center: Coordinate(latitude: place.latitude, longitude: place.longitude), radius: place.radius))
        var alarms: [Alarm] = [.location(place, n % 2 == 0 ? .enter : .leave)]
        if n % 10 == 0 { alarms.append(.absolute(Date(timeIntervalSinceReferenceDate: start + .random(in: 0...60_000, using: &random)))) }
        _ = try store.save(Reminder(title: "Reminder \(n)", creationDate: Date(timeIntervalSinceReferenceDate: start - Double(n)),
                                    alarms: alarms), commit: false)
    }
    try store.commit()

    // Walks as in the engine benchmark (1–15 m per one-second step), one per device, in time order.
    var latitudes = (0..<deviceCount).map { _ in center.latitude + .random(in: -latitudeHalfSpan...latitudeHalfSpan, using: &random) }
    var longitudes = (0..<deviceCount).map { _ in center.longitude + .random(in: -longitudeHalfSpan...longitudeHalfSpan, using: &random) }
    var headings = (0..<deviceCount).map { _ in Double.random(in: 0..<(2 * .pi), using: &random) }
    let names = (0..<deviceCount).map { "device-\($0)" }
    var fixes: [Fix] = []
    fixes.reserveCapacity(fixCount)
    for i in 0..<fixCount {
        let d = i % deviceCount
        headings[d] += .random(in: -0.3...0.3, using: &random)
        let step = Double.random(in: 1...15, using: &random)
        latitudes[d] += step * cos(headings[d]) / 111_200
        longitudes[d] += step * sin(headings[d]) / (111_320 * cos(latitudes[d] * .pi / 180))
        if abs(latitudes[d] - center.latitude) > latitudeHalfSpan { headings[d] = .pi - headings[d]; latitudes[d] = center.latitude + (latitudes[d] > center.latitude ? 1 : -1) * latitudeHalfSpan }
        if abs(longitudes[d] - center.longitude) > longitudeHalfSpan { headings[d] = -headings[d]; longitudes[d] = center.longitude + (longitudes[d] > center.longitude ? 1 : -1) * longitudeHalfSpan }
        let time = start + Double(i / deviceCount) + Double(d) * 0.01
        fixes.append(Fix(time: Date(timeIntervalSinceReferenceDate: time), latitude: latitudes[d], longitude: longitudes[d],
                         accuracy: 8, device: names[d]))
    }

    // Streaming: a 0 s reorder window in a dry run, before the commit run fires the alarms (events handed out as the stream passes them).
    let streaming = try AlarmEvaluator(store: store, mode: .dryRun, reorderWindow: 0, stateKey: "bench-streaming")
    var streamed = 0
    let streamStart = threadCPUSeconds()
    try streaming.feed(fixes) { _ in streamed += 1 }
    let streamCPU = threadCPUSeconds() - streamStart
    try streaming.finish { _ in streamed += 1 }
    print(String(format: "streaming (window 0, dry run): %.2f M fixes/s on CPU time, %d events",
                 Double(fixCount) / streamCPU / 1e6, streamed))
    let (loadSeconds, evaluator) = try measure { try AlarmEvaluator(store: store, mode: .commit) }
    var events = 0
    let cpuStart = threadCPUSeconds()
    let (feedSeconds, _) = try measure { try evaluator.feed(fixes) { _ in events += 1 } }
    let feedCPU = threadCPUSeconds() - cpuStart
    let (finishSeconds, summary) = try measure { try evaluator.finish { _ in events += 1 } }
    print(String(format: "%d location reminders, %d fixes from %d devices: %.2f M fixes/s on CPU time (%.2f M/s wall; %.3f s CPU feeding); load %.3f s, finish (commit) %.3f s; admitted %d, events %d, peak %.1f MiB",
                 reminderCount, fixCount, deviceCount, Double(fixCount) / feedCPU / 1e6, Double(fixCount) / feedSeconds / 1e6,
                 feedCPU, loadSeconds, finishSeconds, summary.admitted, events, peakMemoryMiB()))
    // The engine alone on the same fences and fixes: what the evaluator adds per fix.
    let engine = try GeofenceEngine(fences: fences)
    var transitions = 0
    let engineStart = threadCPUSeconds()
    for fix in fixes { engine.feed(fix) { _ in transitions += 1 } }
    let engineCPU = threadCPUSeconds() - engineStart
    print(String(format: "engine alone: %.2f M fixes/s on CPU time (%d transitions); evaluator overhead %.0f ns/fix",
                 Double(fixCount) / engineCPU / 1e6, transitions, (feedCPU - engineCPU) / Double(fixCount) * 1e9))
    // A second run on the same store continues the stream: every fix is older, so all are dropped.
    let (reloadSeconds, again) = try measure { try AlarmEvaluator(store: store, mode: .dryRun) }
    var repeated = 0
    try again.feed(fixes.prefix(100_000)) { _ in repeated += 1 }
    let second = try again.finish { _ in repeated += 1 }
    print(String(format: "reload with saved state %.3f s; 100,000 old fixes again: %d dropped, %d events",
                 reloadSeconds, second.dropped[.outOfOrder, default: 0], repeated))
}
