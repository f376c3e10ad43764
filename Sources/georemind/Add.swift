import ArgumentParser
import GeoReminders

/// `georemind add TITLE ...`: prints the new reminder's identifier alone.
struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a reminder; prints its identifier.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The reminder's title.") var title: String
    @OptionGroup var options: ReminderOptions

    func validate() throws {
        if title.allSatisfy(\.isWhitespace) { throw ValidationError("the title is empty; give the reminder a title") }
    }

    func run() throws {
        let (draft, places) = (try options.draft(), global.placeFinder())
        let saved = try global.withStore { access in
            try access.writing(.reminders) { store in
                let actor = try global.actor(in: store)
                var reminder = Reminder(title: title)
                try draft.apply(to: &reminder, store: store, as: actor, places: places)
                return try ReminderDraft.save(reminder, in: store, as: actor)
            }
        }
        print(saved.id)
    }
}
