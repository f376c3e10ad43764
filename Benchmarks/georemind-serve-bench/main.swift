// georemind-serve-bench: `georemind serve` under load from wrk on loopback (`make bench` runs it).
// Usage: georemind-serve-bench PATH/TO/georemind [SECONDS]
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: georemind-serve-bench PATH/TO/georemind [SECONDS]\n".utf8))
    exit(64)
}
print("== render")
try renderBenchmark()
print("== serve")
try ServeBenchmark(georemind: arguments[1], seconds: arguments.count > 2 ? Int(arguments[2]) ?? 10 : 10).run()
