import Foundation
import GeofenceEngine
import TraceFormats

/// A named benchmark: a function that runs a workload and prints its figures.
struct Benchmark: Sendable {
    let name: String
    let run: @Sendable () throws -> Void
}

/// Wall-clock seconds taken by `body`, with its result.
func measure<T>(_ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    let end = DispatchTime.now().uptimeNanoseconds
    return (Double(end - start) / 1e9, result)
}

/// The process's peak resident set size so far, in MiB (Linux reports ru_maxrss in KiB).
func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// The workloads' deterministic generator: the engine's SplitMix64, so every run measures the same input.
typealias SeededGenerator = SplitMix64

extension Array where Element == Double {
    /// The middle value (the mean of the two middle ones for an even count): what repeated runs
    /// on a noisy host report, a burst moving it by at most one place.
    var median: Double {
        let sorted = sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
