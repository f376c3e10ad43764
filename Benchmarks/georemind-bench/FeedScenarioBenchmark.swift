import Foundation
import GeofenceEngine
import GeoReminders

/// `feed` across user-shaped workloads (``FeedScenario``): end to end (`georemind feed --json
/// --dry-run`, whole process, its peak memory) and the evaluator alone on the same fixes in memory.
/// `GEOREMIND_BENCH_SCENARIO=name[,name]` runs some only; `GEOREMIND_BENCH_KEEP=DIR` leaves each
/// scenario's store and trace there, for profiling `georemind feed` on them.
let feedScenarioBenchmark = Benchmark(name: "feed-scenarios") {
    let georemind = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("georemind").path
    let wanted = ProcessInfo.processInfo.environment["GEOREMIND_BENCH_SCENARIO"].map { Set($0.split(separator: ",").map(String.init)) }
    let keep = ProcessInfo.processInfo.environment["GEOREMIND_BENCH_KEEP"]
    let directory = keep.map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("georemind-scenarios-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }
    print("scenario | end to end fixes/s | peak RSS | evaluator alone fixes/s (CPU) | events")
    for scenario in FeedScenario.all where wanted?.contains(scenario.name) ?? true {
        let storePath = directory.appendingPathComponent("\(scenario.name).sqlite").path
        try? FileManager.default.removeItem(atPath: storePath)
        let tracePath = directory.appendingPathComponent("\(scenario.name).csv").path
        try scenario.seed(try ReminderStore(path: storePath))
        _ = try scenario.writeCSV(to: tracePath)
        var endToEnd = "skipped (no release georemind beside the benchmark)"
        var events = 0
        if FileManager.default.isExecutableFile(atPath: georemind) {
            let output = directory.appendingPathComponent("events.jsonl")
            let run = try ChildProcess.run(georemind, ["--store", storePath, "feed", tracePath, "--json", "--dry-run"], stdout: output)
            events = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").count
            endToEnd = String(format: "%.2f M/s (%.3f s, exit %d) | %.0f MiB", Double(scenario.fixes) / run.seconds / 1e6,
                              run.seconds, run.status, run.peakMiB)
        }
        // The evaluator alone, fixes already in memory: what parsing and output add is the difference.
        var fixes: [Fix] = []
        fixes.reserveCapacity(scenario.fixes)
        scenario.walk { fixes.append($0) }
        let store = try ReminderStore(path: storePath)
        let evaluator = try AlarmEvaluator(store: store, mode: .dryRun)
        var handed = 0
        let start = threadCPUSeconds()
        try evaluator.feed(fixes) { _ in handed += 1 }
        _ = try evaluator.finish { _ in handed += 1 }
        let cpu = threadCPUSeconds() - start
        print(String(format: "%@ | %@ | %.2f M/s | %d (%d alone)", scenario.name, endToEnd,
                     Double(scenario.fixes) / cpu / 1e6, events, handed))
        if keep == nil { try? FileManager.default.removeItem(atPath: tracePath) }
    }
}

/// A child process run to its end with its stdout in a file: wall seconds, exit status and peak
/// resident memory (`wait4`'s `ru_maxrss`), which `Process` does not report.
enum ChildProcess {
    static func run(_ program: String, _ arguments: [String], stdout: URL) throws -> (seconds: Double, status: Int32, peakMiB: Double) {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let code = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EINVAL) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (seconds, exit, Double(usage.ru_maxrss) / 1024)
    }
}
