import Foundation
import GeoReminders
import GeofenceEngine

/// The end-to-end figures, timing the built `georemind` as a person runs it:
/// `feed` of a 1,000,000-fix CSV from 20 devices against 10,000 location reminders, printing JSON,
/// and `list --location --priority high --sort due --json` on a store of 100,000 reminders.
let commandLineBenchmark = Benchmark(name: "cli") {
    let georemind = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("georemind").path
    guard FileManager.default.isExecutableFile(atPath: georemind) else {
        print("skipped: no georemind next to the benchmark (\(georemind)); build it in release mode")
        return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-cli-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    // feed: the store, then the trace as CSV (46–52 bytes a line).
    let feedStore = directory.appendingPathComponent("feed.sqlite").path
    let trace = directory.appendingPathComponent("trace.csv").path
    var workload = FeedWorkload()
    try workload.seed(try ReminderStore(path: feedStore))
    var csv = "time,lat,lon,device\n"
    csv.reserveCapacity(56 * workload.fixCount)
    workload.walk { fix in
        csv += TraceFileWriter.iso8601(fix.time!.timeIntervalSince1970)
        csv += String(format: ",%.6f,%.6f,", fix.coordinate.latitude, fix.coordinate.longitude)
        csv += fix.device!
        csv += "\n"
    }
    try Data(csv.utf8).write(to: URL(fileURLWithPath: trace))
    let traceBytes = csv.utf8.count
    csv = ""
    let output = directory.appendingPathComponent("events.jsonl")
    let feed = try run(georemind, ["--store", feedStore, "feed", trace, "--json"], stdout: output)
    let events = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").count
    print(
        String(
            format:
                "feed %d fixes (%.1f MB CSV, %d devices) against %d location reminders: %.3f s wall, %.2f M fixes/s, %d events, exit %d",
            workload.fixCount, Double(traceBytes) / 1e6, workload.deviceCount, workload.reminderCount,
            feed.seconds, Double(workload.fixCount) / feed.seconds / 1e6, events, feed.status))

    // list: 100,000 reminders, whole process, median of 5.
    let listStore = directory.appendingPathComponent("list.sqlite").path
    let store = try ReminderStore(path: listStore)
    for reminder in storeWorkload(count: 100_000) { try store.save(reminder, commit: false) }
    try store.commit()
    let listing = directory.appendingPathComponent("list.json")
    var times: [Double] = []
    for _ in 0..<5 {
        let result = try run(
            georemind, ["--store", listStore, "list", "--location", "--priority", "high", "--sort", "due", "--json"],
            stdout: listing)
        times.append(result.seconds)
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: listing.path)[.size] as? Int) ?? 0
    print(
        String(
            format:
                "list --location --priority high --sort due --json on 100,000 reminders: median %.3f s (min %.3f, max %.3f) for the whole process, %d bytes of JSON",
            times.sorted()[2], times.min()!, times.max()!, bytes))
}

/// Runs a program with stdout to a file and stderr discarded; wall seconds and exit status.
private func run(_ program: String, _ arguments: [String], stdout: URL) throws -> (seconds: Double, status: Int32) {
    guard FileManager.default.createFile(atPath: stdout.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: stdout.path])
    }
    let output = try FileHandle(forWritingTo: stdout)
    defer { try? output.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let (seconds, _) = try measure {
        try process.run()
        process.waitUntilExit()
    }
    return (seconds, process.terminationStatus)
}
