import ArgumentParser
import GeoReminders
import ReminderViews

/// `georemind show ID [--json]`: one reminder, every field.
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one reminder.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The reminder's identifier, or a unique start of it.") var id: String
    @Flag(help: "Print the reminder as a JSON object.") var json = false

    func run() throws {
        try global.withStore(readOnly: true) { access in
            try access.reading(.reminders) { store in try show(from: store) }
        }
    }

    private func show(from store: ReminderStore) throws {
        let reminder = try store.reminder(idPrefix: id, visibleTo: try global.actor(in: store))
        let listTitles = try ListTitles(store: store)
        if json {
            var text = JSONText()
            ReminderJSON(reminder, listTitle: listTitles[reminder.listID]).write(to: &text)
            print(text.text)
        } else {
            var subtasksOf = ReminderPredicate()
            subtasksOf.parentID = reminder.id
            let subtasks = try store.reminders(matching: subtasksOf, sortedBy: .creationDate)
            let parent = try reminder.parentID.flatMap { try store.reminder(id: $0) }
            print(
                ReminderDetail(reminder: reminder, listTitle: listTitles[reminder.listID], parentTitle: parent?.title, subtasks: subtasks)
                    .text)
        }
    }
}
