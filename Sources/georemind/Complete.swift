import ArgumentParser
import Foundation
import GeoReminders

/// `georemind complete ID [--date DATE]`: marks a reminder completed.
struct Complete: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark a reminder completed.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The reminder's identifier, or a unique start of it.") var id: String
    @Option(help: ArgumentHelp("When it was completed (default: now).", valueName: "date")) var date: String?

    func run() throws {
        let store = try global.openStore()
        var reminder = try store.reminder(idPrefix: id)
        let when = try date.map { text in
            try CLIError.reading("--date") { try ReminderDate(iso8601: text, timeZone: .current).instant() }
        } ?? Date()
        reminder.completionDate = when
        try store.save(reminder)
    }
}
