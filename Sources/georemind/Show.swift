import ArgumentParser
import GeoReminders

/// `georemind show ID [--json]`: one reminder, every field.
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show one reminder.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The reminder's identifier, or a unique start of it.") var id: String
    @Flag(help: "Print the reminder as a JSON object.") var json = false

    func run() throws {
        let store = try global.openStore()
        let reminder = try store.reminder(idPrefix: id)
        let listTitles = try ListTitles(store: store)
        let view = ReminderJSON(reminder, listTitle: listTitles[reminder.listID])
        if json {
            var text = JSONText()
            view.write(to: &text)
            print(text.text)
        } else {
            print(ReminderDetail(view).text)
        }
    }
}
