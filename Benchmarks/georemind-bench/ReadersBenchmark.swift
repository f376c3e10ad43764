import Foundation
import GeofenceEngine
import TraceFormats

/// Trace readers: MB/s, fixes/s and peak memory per format, on generated files of at least
/// 200 MB (deleted afterwards). Each format is read in its own child process so that its
/// peak memory is its own: `georemind-bench readers` runs them all. Environment:
/// `GEOREMIND_BENCH_FORMAT=csv` one format only; `GEOREMIND_BENCH_MB=500` another size;
/// `GEOREMIND_BENCH_GZIP=1` also reads each file gzipped; `GEOREMIND_BENCH_FILE` (with a
/// format) reads that file and nothing else, which is what the child processes do.
let readersBenchmark = Benchmark(name: "readers") {
    let environment = ProcessInfo.processInfo.environment
    if let name = environment["GEOREMIND_BENCH_FORMAT"], let path = environment["GEOREMIND_BENCH_FILE"] {
        try ReaderBench.measureOne(format: TraceFormat(rawValue: name)!, path: path)
        return
    }
    let megabytes = Int(environment["GEOREMIND_BENCH_MB"] ?? "") ?? 200
    let only = environment["GEOREMIND_BENCH_FORMAT"].flatMap(TraceFormat.init(rawValue:))
    for format in TraceFormat.allCases where only == nil || only == format {
        try ReaderBench.run(format: format, megabytes: megabytes)
    }
}

enum ReaderBench {
    /// Writes a file, reads it in a child process, deletes it.
    static func run(format: TraceFormat, megabytes: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("trace.\(format.rawValue)").path
        let written = try TraceFileWriter(path: path, format: format).write(bytes: megabytes * 1_000_000)
        print("\(format.rawValue): \(written.fixes) fixes generated; " + measureInChild(format: format, path: path))
        if ProcessInfo.processInfo.environment["GEOREMIND_BENCH_GZIP"] == "1" {
            let gzip = Process()
            gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            gzip.arguments = ["gzip", "-1", path]
            try gzip.run()
            gzip.waitUntilExit()
            print("\(format.rawValue).gz: " + measureInChild(format: format, path: path + ".gz"))
        }
    }

    /// Runs this benchmark again in a child process that only reads `path`; returns its line.
    static func measureInChild(format: TraceFormat, path: String) -> String {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["readers"]
        var environment = ProcessInfo.processInfo.environment
        environment["GEOREMIND_BENCH_FORMAT"] = format.rawValue
        environment["GEOREMIND_BENCH_FILE"] = path
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        do {
            try child.run()
        } catch {
            return "could not start the child: \(error)"
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("==") }
            .joined(separator: "; ")
    }

    /// Reads `path` once and prints MB/s, fixes/s and the process's peak memory.
    static func measureOne(format: TraceFormat, path: String) throws {
        var checksum = 0.0
        let baseline = residentHighWaterMiB() ?? peakMemoryMiB()
        let cpuBefore = cpuSeconds()
        let (seconds, report) = try measure {
            try TraceReader(path: path, format: format).read { fix in checksum += fix.coordinate.latitude }
        }
        let cpu = cpuSeconds() - cpuBefore
        let megabytes = Double(report.bytes) / 1_000_000
        print(
            String(
                format: "%.0f MB, %d fixes in %.2f s wall = %.0f MB/s, %.2f M fixes/s; "
                    + "%.2f s CPU = %.0f MB/s, %.2f M fixes/s; peak %.1f MiB (%.1f before reading) (checksum %.0f)",
                megabytes, report.fixes, seconds, megabytes / seconds, Double(report.fixes) / seconds / 1e6,
                cpu, megabytes / cpu, Double(report.fixes) / cpu / 1e6, residentHighWaterMiB() ?? peakMemoryMiB(), baseline, checksum)
                + (report.skipped.isEmpty ? "" : "; skipped \(report.skippedByName.sorted { $0.key < $1.key })"))
    }

    /// This process's own peak RSS (VmHWM): unlike `ru_maxrss`, which on Linux keeps the
    /// spawning parent's figure across exec, it starts from zero in the child.
    static func residentHighWaterMiB() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kib = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kib / 1024
    }

    /// User + system CPU seconds of this process: steadier than wall time on a busy machine.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
