import ArgumentParser
import CivilTime
import Foundation
import GeoReminders

/// `georemind complete ID [--date DATE]`: completes a reminder; a repeating one moves to its
/// next occurrence and the completed occurrence goes to its series' history, which it reports.
struct Complete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "complete",
        abstract: "Complete a reminder; for a repeating one, print the next due date and the history copy's identifier.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The reminder's identifier, or a unique start of it.") var id: String
    @Option(help: ArgumentHelp("When it was completed (default: now).", valueName: "date")) var date: String?
    @Flag(help: "Complete its subtasks too (by default they stay as they are).") var subtasks = false

    func run() throws {
        let when = try date.map { try ReminderDraft.moment($0, field: "date") }
        let (reminder, result) = try global.withStore { access in
            try access.writing(.reminders) { store in
                let actor = try global.actor(in: store)
                let reminder = try store.reminder(idPrefix: id, visibleTo: actor)
                if let listID = reminder.listID { try store.checkCanEdit(listID: listID, actor: actor) }
                return (reminder, try store.complete(id: reminder.id, completionDate: when, includingSubtasks: subtasks))
            }
        }
        switch result.outcome {
        case .advanced:
            if let next = result.nextDue { print("next due: \(next.iso8601)") }
            if let copy = result.historyCopyID { print("history copy: \(copy)") }
        case .alreadyCompleted:
            FileHandle.standardError.write(Data("note: '\(reminder.title)' was already completed\n".utf8))
        case .completed, .staleOccurrence:
            break
        }
    }
}
