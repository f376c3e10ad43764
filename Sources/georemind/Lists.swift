import ArgumentParser
import GeoReminders

/// `georemind lists`: the lists, default first; `lists add` creates one.
struct Lists: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the lists.", subcommands: [AddList.self])

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let store = try global.openStore(readOnly: true)
        let lists = try store.lists()
        let defaultID = try store.defaultList().id
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
            let store = try global.openStore()
            let list: ReminderList
            do {
                list = try store.save(ReminderList(title: name, allowsContentModifications: !readOnly))
            } catch StoreError.duplicateListTitle {
                throw CLIError.duplicateList(name: name)
            }
            if makeDefault { try store.setDefaultList(id: list.id) }
            print(list.id)
        }
    }
}
