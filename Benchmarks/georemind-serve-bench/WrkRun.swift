import Foundation

/// One wrk run and the figures read from its report.
struct WrkRun {
    var requestsPerSecond: Double
    var p50: Double?
    var p99: Double?
    var non2xx: Int
    var errors: Int

    /// Runs `wrk` with `script` against `url` and reads its summary (`--latency` for percentiles).
    static func run(url: String, script: String, threads: Int, connections: Int, seconds: Int, latency: Bool) throws -> WrkRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/wrk")
        process.arguments =
            ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "-s", script] + (latency ? ["--latency"] : []) + [url]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        func number(after label: String) -> Double? {
            guard let line = output.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) })
            else { return nil }
            return line.split(separator: " ").dropFirst(label.split(separator: " ").count).first.map { milliseconds(String($0)) }
        }
        func milliseconds(_ text: String) -> Double {
            if text.hasSuffix("ms") { return Double(text.dropLast(2)) ?? .nan }
            if text.hasSuffix("us") { return (Double(text.dropLast(2)) ?? .nan) / 1000 }
            if text.hasSuffix("s") { return (Double(text.dropLast(1)) ?? .nan) * 1000 }
            return Double(text) ?? .nan
        }
        var errors = 0
        if let line = output.split(separator: "\n").first(where: { $0.contains("Socket errors:") }) {
            errors = line.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .punctuationCharacters)) }.reduce(0, +)
        }
        let non2xx =
            output.split(separator: "\n").first { $0.contains("Non-2xx") }
            .flatMap { $0.split(separator: " ").last.flatMap { Int($0) } } ?? 0
        guard let rate = number(after: "Requests/sec:") else { throw BenchError.unreadable(output) }
        return WrkRun(
            requestsPerSecond: rate, p50: latency ? number(after: "50%") : nil, p99: latency ? number(after: "99%") : nil,
            non2xx: non2xx, errors: errors)
    }
}

enum BenchError: Error {
    case unreadable(String)
    case serverDidNotStart(String)
    case timedOut
    case commandFailed(String)
}
