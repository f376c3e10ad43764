import Foundation
import GeoReminders

/// 100,000 reminders (a third with location alarms, mixed priorities and due dates) inserted in
/// one commit, two filtered sorted listings, then reopening the file.
let storeBenchmark = Benchmark(name: "store") {
    let count = 100_000
    // GEOREMIND_BENCH_KEEP=DIR keeps the store in DIR for inspection.
    let kept = ProcessInfo.processInfo.environment["GEOREMIND_BENCH_KEEP"]
    let directory =
        kept.map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("georemind-bench-\(getpid())")
    try? FileManager.default.removeItem(at: directory.appendingPathComponent("store.sqlite"))
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { if kept == nil { try? FileManager.default.removeItem(at: directory) } }
    let path = directory.appendingPathComponent("store.sqlite").path

    let reminders = storeWorkload(count: count)

    let store = try ReminderStore(path: path)
    let cpuBefore = processCPUSeconds()
    var holdSeconds = 0.0
    let (insertSeconds, _) = try measure {
        holdSeconds = try measure { for reminder in reminders { try store.save(reminder, commit: false) } }.seconds
        try store.commit()
    }
    let insertCPU = processCPUSeconds() - cpuBefore
    print(
        String(
            format:
                "insert %d reminders in one commit: %.3f s wall (%.0f reminders/s; save %.3f s + commit %.3f s), %.3f s CPU (%.0f reminders/CPU-s)",
            count, insertSeconds, Double(count) / insertSeconds, holdSeconds, insertSeconds - holdSeconds,
            insertCPU, Double(count) / insertCPU))

    let predicate = ReminderPredicate(locationOnly: true, priorityLevel: .high)
    for sort in [ReminderSort.dueDate, .title] {
        var times: [Double] = []
        var cpuTimes: [Double] = []
        var found = 0
        for _ in 0..<5 {
            let cpu = processCPUSeconds()
            let (seconds, listed) = try measure { try store.reminders(matching: predicate, sortedBy: sort) }
            cpuTimes.append(processCPUSeconds() - cpu)
            times.append(seconds)
            found = listed.count
        }
        let first = times[0]
        times.sort()
        cpuTimes.sort()
        print(
            String(
                format: "list location reminders of priority high by %@ (%d rows): first %.1f ms, median %.1f ms wall, median %.1f ms CPU",
                sort.rawValue, found, first * 1000, times[2] * 1000, cpuTimes[2] * 1000))
    }

    var openTimes: [Double] = []
    for _ in 0..<5 {
        let (seconds, reopened) = try measure { try ReminderStore(path: path) }
        openTimes.append(seconds)
        _ = reopened
    }
    let firstOpen = openTimes[0]
    openTimes.sort()
    print(String(format: "open existing store: first %.1f ms, median %.1f ms", firstOpen * 1000, openTimes[2] * 1000))
    print(String(format: "peak memory %.0f MiB", peakMemoryMiB()))
}

/// CPU seconds this process used so far (all threads): the figure a busy shared machine
/// does not inflate.
func processCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
