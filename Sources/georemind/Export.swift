import ArgumentParser
import Foundation
import GeoReminders

/// `georemind export`: reminders as one iCalendar stream (VCALENDAR with a VTODO each).
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write reminders as iCalendar VTODOs (incomplete ones unless --completed or --all).")

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Only this list, by name.", valueName: "name")) var list: String?
    @Flag(help: "Only completed reminders.") var completed = false
    @Flag(help: "Completed and incomplete reminders.") var all = false
    @Option(help: ArgumentHelp("The file to write (default: standard output, also -).", valueName: "file"))
    var output: String?

    func validate() throws {
        if completed && all { throw ValidationError("use --completed or --all, not both") }
    }

    func run() throws {
        let data = try global.withStore(readOnly: true) { access in
            try access.reading(.reminders) { store in
                var predicate = ReminderPredicate(completion: all ? .any : completed ? .completed : .incomplete)
                let actor = try global.actor(in: store)
                predicate.visibleTo = actor
                if let list { predicate.listIDs = [try ReminderOptions.list(named: list, in: store, visibleTo: actor).id] }
                return try store.exportICalendar(matching: predicate)
            }
        }
        guard let output, output != "-" else {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CLIError.cannotWrite(path: output, reason: (error as NSError).localizedDescription)
        }
    }
}
