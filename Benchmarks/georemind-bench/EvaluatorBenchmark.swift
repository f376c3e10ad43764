import Foundation
import GeoReminders
import GeofenceEngine

/// The feed workload without file reading: 10,000 location reminders (radius 50–500 m, half
/// arriving, half leaving, plus 1,000 timed alarms) in a 50 × 50 km area, and 1,000,000 fixes of 20
/// devices walking in it, interleaved in time order; fed through `AlarmEvaluator` in commit mode.
let evaluatorBenchmark = Benchmark(name: "evaluator") {
    var workload = FeedWorkload()
    let (reminderCount, deviceCount, fixCount) = (workload.reminderCount, workload.deviceCount, workload.fixCount)
    let store = try ReminderStore.inMemory()
    let fences = try workload.seed(store)
    var fixes: [Fix] = []
    fixes.reserveCapacity(fixCount)
    workload.walk { fixes.append($0) }

    let (loadSeconds, evaluator) = try measure { try AlarmEvaluator(store: store, mode: .commit) }
    var events = 0
    let cpuStart = threadCPUSeconds()
    let (feedSeconds, _) = try measure { try evaluator.feed(fixes) { _ in events += 1 } }
    let feedCPU = threadCPUSeconds() - cpuStart
    let (finishSeconds, summary) = try measure { try evaluator.finish { _ in events += 1 } }
    print(
        String(
            format:
                "%d location reminders, %d fixes from %d devices: %.2f M fixes/s on CPU time (%.2f M/s wall; %.3f s CPU feeding); load %.3f s, finish (commit) %.3f s; admitted %d, events %d, peak %.1f MiB",
            reminderCount, fixCount, deviceCount, Double(fixCount) / feedCPU / 1e6, Double(fixCount) / feedSeconds / 1e6,
            feedCPU, loadSeconds, finishSeconds, summary.admitted, events, peakMemoryMiB()))
    // The engine alone on the same fences and fixes: what the evaluator adds per fix.
    let engine = try GeofenceEngine(fences: fences)
    var transitions = 0
    let engineStart = threadCPUSeconds()
    for fix in fixes { engine.feed(fix) { _ in transitions += 1 } }
    let engineCPU = threadCPUSeconds() - engineStart
    print(
        String(
            format: "engine alone: %.2f M fixes/s on CPU time (%d transitions); evaluator overhead %.0f ns/fix",
            Double(fixCount) / engineCPU / 1e6, transitions, (feedCPU - engineCPU) / Double(fixCount) * 1e9))
    // A second run on the same store continues the stream: every fix is older, so all are dropped.
    let (reloadSeconds, again) = try measure { try AlarmEvaluator(store: store, mode: .dryRun) }
    var repeated = 0
    try again.feed(fixes.prefix(100_000)) { _ in repeated += 1 }
    let second = try again.finish { _ in repeated += 1 }
    print(
        String(
            format: "reload with saved state %.3f s; 100,000 old fixes again: %d dropped, %d events",
            reloadSeconds, second.dropped[.outOfOrder, default: 0], repeated))
}
