import Foundation

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

/// A deterministic generator (SplitMix64) so that every run measures the same workload.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1330_11EB
        return z ^ (z >> 31)
    }
}
