import ArgumentParser
import Foundation
import GeoReminders

/// `georemind import FILE...`: reads iCalendar VTODOs into the store, all or nothing; a VTODO
/// already imported (same UID) is updated, not duplicated.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read reminders from iCalendar files (- is standard input); prints what became of each.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("iCalendar files; - is standard input.", valueName: "file")) var files: [String]
    @Option(
        help: ArgumentHelp(
            "Put every reminder in this list, by name (default: the list the file names, created when missing).",
            valueName: "name"))
    var list: String?
    @Flag(name: .customLong("dry-run"), help: "Print what would happen; write nothing.") var dryRun = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("Missing expected argument '<file> ...'") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
    }

    func run() throws {
        let sources = try files.map { path in
            if path == "-" { return ICalendarSource(name: "<stdin>", data: FileHandle.standardInput.readDataToEndOfFile()) }
            guard FileManager.default.fileExists(atPath: path) else {
                throw CLIError.cannotRead(path: path, reason: "no such file")
            }
            do {
                return ICalendarSource(name: path, data: try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw CLIError.cannotRead(path: path, reason: (error as NSError).localizedDescription)
            }
        }
        let report = try global.withStore { access in
            try access.writing(.reminders) { store in
                let actor = try global.actor(in: store)
                let listID = try list.map { try ReminderOptions.list(named: $0, in: store, visibleTo: actor).id }
                return try store.importICalendar(
                    sources,
                    options: ICalendarImportOptions(listID: listID, dryRun: dryRun, createsMissingLists: listID == nil, account: actor))
            }
        }
        let verb = dryRun ? "would be " : ""
        let rows = report.entries.map { entry -> [String] in
            let outcome: String
            switch entry.outcome {
            case .created: outcome = verb + "created"
            case .updated: outcome = verb + "updated"
            case .unchanged: outcome = "unchanged"
            case let .skipped(reason): outcome = "skipped (\(reason))"
            }
            return [entry.reminderID.map { String($0.prefix(8)) } ?? "-", outcome, entry.title]
        }
        if !rows.isEmpty { print(TextTable(rows: rows).text) }
        for note in report.notes {
            FileHandle.standardError.write(Data("note: \(note)\n".utf8))
        }
    }
}
