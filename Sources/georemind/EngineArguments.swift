import ArgumentParser
import GeoReminders
import GeofenceEngine

/// The engine options `feed` exposes.
struct EngineArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Distance past a fence's edge before leaving counts: 20, 50 ft.", valueName: "length"))
    var hysteresis: String?

    @Option(name: .customLong("max-accuracy"),
            help: ArgumentHelp("Drop fixes whose accuracy is worse than this: 65, 200 ft.", valueName: "length"))
    var maxAccuracy: String?

    @Flag(name: .customLong("initial-trigger"), help: "Fire arriving alarms for fences the first fix is already inside.")
    var initialTrigger = false

    func engineOptions() throws -> EngineOptions {
        var options = EngineOptions()
        if let hysteresis {
            options.hysteresis = try CLIError.reading("--hysteresis") { try Length(parsing: hysteresis).metres }
        }
        if let maxAccuracy {
            options.maxAccuracy = try CLIError.reading("--max-accuracy") { try Length(parsing: maxAccuracy).metres }
        }
        options.initialTrigger = initialTrigger
        return options
    }
}
