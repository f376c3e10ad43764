import ArgumentParser
import GeoReminders

/// `georemind edit ID ...`: changes the parts of a reminder whose options are given.
struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a reminder: the options given replace those parts.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The reminder's identifier, or a unique start of it.") var id: String
    @Option(help: ArgumentHelp("A new title.", valueName: "title")) var title: String?
    @OptionGroup var options: ReminderOptions

    func validate() throws {
        if let title, title.allSatisfy(\.isWhitespace) {
            throw ValidationError("--title is empty; give the reminder a title")
        }
    }

    func run() throws {
        var draft = try options.draft()
        draft.title = title
        let places = global.placeFinder()
        try global.withStore { access in
            try access.writing(.reminders) { store in
                let actor = try global.actor(in: store)
                var reminder = try store.reminder(idPrefix: id, visibleTo: actor)
                try draft.apply(to: &reminder, store: store, as: actor, places: places)
                try ReminderDraft.save(reminder, in: store, as: actor)
            }
        }
    }
}
