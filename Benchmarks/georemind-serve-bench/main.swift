// georemind-serve-bench: `georemind serve` under load from wrk on loopback (`make bench` runs it).
// Usage: georemind-serve-bench PATH/TO/georemind [SECONDS]
//        georemind-serve-bench --shared PATH/TO/georemind [FAILOVER-RUNS]   (several instances on PostgreSQL)
//        georemind-serve-bench --notify PATH/TO/georemind                   (fix acknowledged -> ntfy request)
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(
        Data("usage: georemind-serve-bench PATH/TO/georemind [SECONDS] | --shared PATH/TO/georemind [FAILOVER-RUNS]\n".utf8))
    exit(64)
}
if arguments[1] == "--shared", arguments.count >= 3 {
    var benchmark = SharedBenchmark(georemind: arguments[2])
    benchmark.failovers = arguments.count > 3 ? Int(arguments[3]) ?? 0 : 0
    // INSTANCES=1: one PostgreSQL instance against one SQLite serve, same generator, same run.
    benchmark.instances = ProcessInfo.processInfo.environment["INSTANCES"].flatMap(Int.init) ?? benchmark.instances
    print("== shared")
    try benchmark.run()
    exit(0)
}
if arguments[1] == "--notify", arguments.count >= 3 {
    print("== notify")
    try NotifyBenchmark(georemind: arguments[2]).run()
    exit(0)
}
print("== render")
try renderBenchmark()
print("== serve")
try ServeBenchmark(georemind: arguments[1], seconds: arguments.count > 2 ? Int(arguments[2]) ?? 10 : 10).run()
