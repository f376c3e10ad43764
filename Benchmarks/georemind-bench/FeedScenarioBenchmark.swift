import Foundation
import GeoReminders
import GeofenceEngine

/// `feed` across user-shaped workloads (``FeedScenario``): end to end (`georemind feed --json
/// --dry-run`, whole process, its peak memory) and the evaluator alone on the same fixes in memory.
/// `GEOREMIND_BENCH_SCENARIO=name[,name]` runs some only; `GEOREMIND_BENCH_KEEP=DIR` leaves each
/// scenario's store and trace there, for profiling `georemind feed` on them.
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
            var cells: [String] = []
            var rates: [Double] = []
            for threads in [1, cores] {
                // Best of three: the figure a quiet machine gives.
                var best = (seconds: Double.infinity, status: Int32(0), peakMiB: 0.0)
                for _ in 0..<3 {
                    let run = try ChildProcess.run(
                        georemind,
                        [
                            "--store", storePath, "feed", tracePath, "--json", "--dry-run",
                            "--threads", String(threads),
                        ], stdout: output)
                    if run.seconds < best.seconds { best = run }
                }
                rates.append(Double(scenario.fixes) / best.seconds / 1e6)
                cells.append(
                    String(
                        format: "%.2f M/s (%.3f s, %.0f MiB%@)", rates.last!, best.seconds, best.peakMiB,
                        best.status == 0 ? "" : ", exit \(best.status)"))
            }
            events = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").count
            endToEnd = cells.joined(separator: " | ") + String(format: " | %.2f×", rates[1] / rates[0])
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

/// A child process run to its end with its stdout in a file: wall seconds, exit status and peak
/// resident memory. The peak comes from GNU time (`/usr/bin/time -f %M`, Debian's `time`): a
/// spawned child's own `ru_maxrss` starts from its parent's, which would count the benchmark's.
enum ChildProcess {
    static func run(_ program: String, _ arguments: [String], stdout: URL) throws -> (seconds: Double, status: Int32, peakMiB: Double) {
        let timer = "/usr/bin/time"
        let peakFile = stdout.deletingLastPathComponent().appendingPathComponent("peak-\(getpid()).txt").path
        let measured = FileManager.default.isExecutableFile(atPath: timer)
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
