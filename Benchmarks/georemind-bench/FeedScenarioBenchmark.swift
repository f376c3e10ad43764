import Foundation
import GeoReminders
import GeofenceEngine

/// `feed` across user-shaped workloads (``FeedScenario``): end to end (`georemind feed --json
/// --dry-run`, whole process, its peak memory) and the evaluator alone on the same fixes in memory.
/// `GEOREMIND_BENCH_SCENARIO=name[,name]` runs some only; `GEOREMIND_BENCH_KEEP=DIR` leaves each
/// scenario's store and trace there, for profiling `georemind feed` on them;
/// `GEOREMIND_BENCH_PAIRS=N` sets how many one-thread/all-cores pairs are timed (default 9).
let feedScenarioBenchmark = Benchmark(name: "feed-scenarios") {
    let georemind = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("georemind").path
    let wanted = ProcessInfo.processInfo.environment["GEOREMIND_BENCH_SCENARIO"].map { Set($0.split(separator: ",").map(String.init)) }
    let keep = ProcessInfo.processInfo.environment["GEOREMIND_BENCH_KEEP"]
    let directory =
        keep.map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("georemind-scenarios-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let pairs = max(1, ProcessInfo.processInfo.environment["GEOREMIND_BENCH_PAIRS"].flatMap { Int($0) } ?? 9)
    print("scenario | end to end, 1 thread | end to end, \(cores) threads | speed-up | evaluator alone, 1 thread (CPU) | events")
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
            let arguments = { (threads: Int) in
                ["--store", storePath, "feed", tracePath, "--json", "--dry-run", "--threads", String(threads)]
            }
            let threadCounts = [1, cores]
            // The trace and store were just written: their dirty pages go to disk now, not on a
            // core a timed run needs, and one untimed run each settles the page cache and the heap.
            sync()
            for threads in threadCounts {
                _ = try ChildProcess.run(georemind, arguments(threads), stdout: output, peak: false)
            }
            // One and `cores` threads in turn, so that the host's drift and a neighbour's burst fall
            // on both: the speed-up is the median of each pair's ratio, not a ratio of two best runs.
            var seconds = threadCounts.map { _ in [Double]() }
            var ratios: [Double] = []
            var failure: Int32 = 0
            for pair in 0..<pairs {
                var pairSeconds = [Double](repeating: 0, count: threadCounts.count)
                let order = pair % 2 == 0 ? Array(threadCounts.indices) : threadCounts.indices.reversed()
                for slot in order {
                    let run = try ChildProcess.run(georemind, arguments(threadCounts[slot]), stdout: output, peak: false)
                    if run.status != 0 { failure = run.status }
                    pairSeconds[slot] = run.seconds
                    seconds[slot].append(run.seconds)
                }
                ratios.append(pairSeconds[0] / pairSeconds[1])
            }
            // Peak memory from one more run each under GNU time, which the timed runs go without.
            var cells: [String] = []
            for (slot, threads) in threadCounts.enumerated() {
                let peak = try ChildProcess.run(georemind, arguments(threads), stdout: output, peak: true).peakMiB
                let median = seconds[slot].median
                cells.append(
                    String(
                        format: "%.2f M/s (%.3f s, %.0f MiB%@)", Double(scenario.fixes) / median / 1e6, median, peak,
                        failure == 0 ? "" : ", exit \(failure)"))
            }
            events = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").count
            endToEnd =
                cells.joined(separator: " | ") + String(format: " | %.2f× (pairs %.2f–%.2f)", ratios.median, ratios.min()!, ratios.max()!)
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
        print(
            String(
                format: "%@ | %@ | %.2f M/s | %d (%d alone)", scenario.name, endToEnd,
                Double(scenario.fixes) / cpu / 1e6, events, handed))
        if keep == nil { try? FileManager.default.removeItem(atPath: tracePath) }
    }
}

/// A child process run to its end with its stdout in a file: wall seconds, exit status and, when
/// asked, peak resident memory. The peak comes from GNU time (`/usr/bin/time -f %M`, Debian's
/// `time`): a spawned child's own `ru_maxrss` starts from its parent's, which would count the
/// benchmark's. A run measuring its peak also times `time`'s own start, so timed runs go without.
enum ChildProcess {
    static func run(_ program: String, _ arguments: [String], stdout: URL, peak: Bool = true) throws -> (
        seconds: Double, status: Int32, peakMiB: Double
    ) {
        let timer = "/usr/bin/time"
        let peakFile = stdout.deletingLastPathComponent().appendingPathComponent("peak-\(getpid()).txt").path
        let measured = peak && FileManager.default.isExecutableFile(atPath: timer)
        let command = measured ? [timer, "-f", "%M", "-o", peakFile, program] + arguments : [program] + arguments
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let code = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EINVAL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let peakKiB =
            measured
            ? (try? String(contentsOfFile: peakFile, encoding: .utf8))?
                .split(separator: "\n").last.flatMap { Double($0) } : nil
        return (seconds, exit, (peakKiB ?? .nan) / 1024)
    }
}
