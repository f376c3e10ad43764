import ArgumentParser
import CivilTime
import GeoReminders

/// `georemind recur RULE --start DATE`: previews a repetition's occurrences, one per line.
struct Recur: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recur", abstract: "Preview the occurrences of a repetition rule.")

    @Argument(help: "An RRULE (FREQ=WEEKLY;BYDAY=MO) or a shorthand (daily, weekdays, every 2 weeks...).") var rule: String
    @Option(help: ArgumentHelp("The first occurrence: 2026-03-09T09:00, 2026-03-09T09:00:00Z or 2026-03-09.", valueName: "date"))
    var start: String
    @Option(
        name: .customLong("time-zone"),
        help: ArgumentHelp("Zone of the start: an IANA name or 'floating' (default: the system zone).", valueName: "tz"))
    var timeZone: String?
    @Option(help: "How many occurrences to print (default 10, or 1000 with --until).") var count: Int?
    @Option(help: ArgumentHelp("Stop after this date (inclusive).", valueName: "date")) var until: String?

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be 1 or more") }
    }

    func run() throws {
        let parsed = try CLIError.reading("rule") { try RecurrenceRule(shorthand: rule) }
        let zone = try CLIError.reading("--time-zone") { try ReminderDraft.zone(timeZone) }
        let first = try CLIError.reading("--start") { try CivilDateTime(iso8601: start, timeZone: zone) }
        let limit = try until.map { text in
            try CLIError.reading("--until") { try CivilDateTime(iso8601: text, timeZone: zone) }
        }
        let dates = parsed.preview(from: first, count: count ?? (limit == nil ? 10 : 1000), through: limit)
        for date in dates { print(date.iso8601) }
    }
}
