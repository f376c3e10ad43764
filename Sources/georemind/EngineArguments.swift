import ArgumentParser
import GeoReminders
import GeofenceEngine

/// The engine options `feed` and `simulate` expose (the server takes the same names).
struct EngineArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Distance past a fence's edge before leaving counts: 20, 50 ft.", valueName: "length"))
    var hysteresis: String?

    @Option(
        name: .customLong("max-accuracy"),
        help: ArgumentHelp("Drop fixes whose accuracy is worse than this: 65, 200 ft.", valueName: "length"))
    var maxAccuracy: String?

    @Option(
        name: .customLong("max-speed"),
        help: ArgumentHelp(
            "Drop fixes implying a faster move from the device's last fix: 300km/h, 80mph, 25m/s.",
            valueName: "speed"))
    var maxSpeed: String?

    @Option(
        name: .customLong("min-interval"),
        help: ArgumentHelp(
            "Drop fixes closer in time than this to the device's last fix: 1s, 500ms.",
            valueName: "duration"))
    var minInterval: String?

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
        if let maxSpeed {
            let speed = try CLIError.reading("--max-speed") { try Speed(parsing: maxSpeed).metresPerSecond }
            guard speed > 0 else { throw CLIError.badValue(option: "--max-speed", message: "'\(maxSpeed)' is not above 0") }
            options.maxSpeed = speed
        }
        if let minInterval {
            options.minInterval = try CLIError.reading("--min-interval") { try TimeSpan(parsing: minInterval).seconds }
        }
        options.initialTrigger = initialTrigger
        return options
    }
}
