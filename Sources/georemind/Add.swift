import ArgumentParser
import GeoReminders

/// `georemind add TITLE ...`: prints the new reminder's identifier alone.
struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add a reminder; prints its identifier.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The reminder's title.") var title: String
    @OptionGroup var options: ReminderOptions

    func validate() throws {
        if title.allSatisfy(\.isWhitespace) { throw ValidationError("the title is empty; give the reminder a title") }
    }

    func run() throws {
        let store = try global.openStore()
        var reminder = Reminder(title: title)
        try options.draft().apply(to: &reminder, store: store, places: global.placeFinder())
        let saved = try ReminderDraft.save(reminder, in: store)
        print(saved.id)
    }
}
