import ArgumentParser
import CivilTime
import Foundation

/// `--time-zone` of the commands that print events: the zone of readable times (JSON stays UTC).
struct OutputZone: ParsableArguments {
    @Option(
        name: .customLong("time-zone"),
        help: ArgumentHelp(
            "The zone of the printed times: an IANA name (default: the system zone); JSON stays UTC.",
            valueName: "zone"))
    var timeZone: String?

    func zone() throws -> TimeZone {
        guard let timeZone else { return .current }
        guard let zone = try CLIError.reading("--time-zone", { try TimeZone.named(option: timeZone) }) else {
            throw CLIError.badValue(option: "--time-zone", message: "'\(timeZone)' is not a zone; printed times need one")
        }
        return zone
    }
}
