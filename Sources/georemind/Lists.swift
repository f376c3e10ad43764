import ArgumentParser
import GeoReminders

/// `georemind lists`: the lists, default first; `lists add` creates one.
struct Lists: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists", abstract: "Show the lists.", subcommands: [AddList.self])

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let (lists, defaultID) = try global.withStore(readOnly: true) { access in
            try access.reading(.reminders) { store in (try store.lists(), try store.defaultList().id) }
        }
        let rows = lists.map { list in
            [
                String(list.id.prefix(8)), list.title,
                [list.id == defaultID ? "default" : nil, list.allowsContentModifications ? nil : "read-only"]
                    .compactMap { $0 }.joined(separator: ", "),
            ]
        }
        print(TextTable(rows: rows).text)
    }

    /// `georemind lists add NAME [--read-only] [--default]`: prints the new list's identifier.
    struct AddList: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Create a list; prints its identifier.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The list's name.") var name: String
        @Flag(name: .customLong("read-only"), help: "Refuse changes to the list and its reminders.") var readOnly = false
        @Flag(name: .customLong("default"), help: "Make it the list new reminders go to.") var makeDefault = false

        func validate() throws {
            if readOnly && makeDefault { throw ValidationError("a read-only list cannot be the default list") }
        }

        func run() throws {
            let list = try global.withStore { access in
                try access.writing(.reminders) { store in
                    let list: ReminderList
                    do {
                        list = try store.save(ReminderList(title: name, allowsContentModifications: !readOnly))
                    } catch StoreError.duplicateListTitle {
                        throw CLIError.duplicateList(name: name)
                    }
                    if makeDefault { try store.setDefaultList(id: list.id) }
                    return list
                }
            }
            print(list.id)
        }
    }
}
