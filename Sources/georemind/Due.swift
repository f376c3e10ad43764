import ArgumentParser
import CivilTime
import Foundation
import GeoReminders

/// `georemind due [--at DATE]`: time alarms due at or before a moment that have not fired.
struct Due: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due", abstract: "Show the time alarms due by a moment (default: now) that have not fired.")

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The moment (default: now).", valueName: "date")) var at: String?
    @Flag(help: "Print one JSON object per alarm.") var json = false

    func run() throws {
        let moment =
            try at.map { text in
                try CLIError.reading("--at") { try CivilDateTime(iso8601: text, timeZone: .current).instant() }
            } ?? Date()
        let events = try global.withStore(readOnly: true) { access in
            try access.reading(.reminders) { store in try store.dueAlarms(at: moment) }
        }
        let report = EvaluationReport(json: json)
        for event in events { try report.print(event) }
    }
}
