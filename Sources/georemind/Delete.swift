import ArgumentParser
import GeoReminders

/// `georemind delete ID`: removes one reminder, silently.
struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a reminder.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The reminder's identifier, or a unique start of it.") var id: String

    func run() throws {
        try global.withStore { access in
            try access.writing(.reminders) { store in
                // By identifier alone: a reminder that cannot be read back can still be deleted.
                let actor = try global.actor(in: store)
                let id = try store.reminderID(idPrefix: id, visibleTo: actor)
                if let listID = try store.listID(ofReminder: id) { try store.checkCanEdit(listID: listID, actor: actor) }
                try store.remove(id: id)
            }
        }
    }
}
