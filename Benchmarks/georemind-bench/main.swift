// georemind-bench [NAME...]: runs the named benchmarks (all when none are named), one per
// process is best for peak-memory figures. Release build only: `make bench`.
import Foundation

let all: [Benchmark] = [
    // Each area registers its benchmark here (engine, readers, store, feed).
    icalendarBenchmark,
    interchangeBenchmark,
    recurrenceBenchmark,
    engineBenchmark,
    engineSmallBenchmark,
    storeBenchmark,
    listingBenchmark,
    simulationBenchmark,
    readersBenchmark,
    evaluatorBenchmark,
    commandLineBenchmark,
    feedScenarioBenchmark,
    fleetStateBenchmark,
    accountsBenchmark,
]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--list"] {
    // `make bench` runs each benchmark in a process of its own so peak-memory figures stay apart.
    for benchmark in all { print(benchmark.name) }
    exit(0)
}
let wanted = Set(arguments)
let unknown = wanted.subtracting(all.map(\.name))
if !unknown.isEmpty {
    FileHandle.standardError.write(
        Data(
            "error: unknown benchmark \(unknown.sorted().joined(separator: ", ")); known: \(all.map(\.name).joined(separator: ", "))\n".utf8
        ))
    exit(2)
}
for benchmark in all where wanted.isEmpty || wanted.contains(benchmark.name) {
    print("== \(benchmark.name)")
    try benchmark.run()
}
