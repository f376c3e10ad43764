import ArgumentParser
import GeoReminders

/// `georemind lists`: the acting account's lists, its default first; `lists add` creates one,
/// `lists share` and `lists unshare` manage who else is in one.
struct Lists: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists", abstract: "Show the lists.", subcommands: [AddList.self, Share.self, Unshare.self])

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let (lists, defaultID, actor, members) = try global.withStore(readOnly: true) { access in
            try access.reading(.lists) { store in
                let actor = try global.actor(in: store)
                let mine = try store.roles(of: actor)
                let lists = try store.lists().filter { mine[$0.id] != nil }
                return (lists, try store.defaultListID(of: actor), actor, try store.membersByList())
            }
        }
        let defaultFirst = lists.filter { $0.id == defaultID } + lists.filter { $0.id != defaultID }
        let rows = defaultFirst.map { list in
            [
                String(list.id.prefix(8)), list.title,
                ([list.id == defaultID ? "default" : nil, list.allowsContentModifications ? nil : "read-only"]
                    + Self.sharing(members[list.id] ?? [], actor: actor))
                    .compactMap { $0 }.joined(separator: ", "),
            ]
        }
        print(TextTable(rows: rows).text)
    }

    /// What a list's row says of its members, seen by `actor`: nothing for a list of its own
    /// alone (a single person sees what they always saw).
    static func sharing(_ members: [ListMember], actor: String) -> [String?] {
        let others = members.filter { $0.account != actor }
        guard !others.isEmpty else { return [] }
        if let owner = members.first(where: { $0.role == .owner }), owner.account != actor {
            let role = members.first { $0.account == actor }?.role.rawValue ?? "viewer"
            return ["\(owner.account)'s, \(role)"]
        }
        return ["shared with " + others.map { "\($0.account) (\($0.role.rawValue))" }.joined(separator: " ")]
    }

    /// `georemind lists share LIST --with NAME [--role editor|viewer]`.
    struct Share: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "share", abstract: "Share a list you own with another account (or change its role).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The list's name.") var list: String
        @Option(name: .customLong("with"), help: ArgumentHelp("The account to share it with.", valueName: "name")) var account: String
        @Option(help: ArgumentHelp("editor (adds, edits, completes, deletes) or viewer (reads).", valueName: "role")) var role = "editor"

        func validate() throws {
            guard let role = ListRole(rawValue: role), role != .owner else {
                throw ValidationError("--role: '\(role)' is not editor or viewer")
            }
        }

        func run() throws {
            try global.withStore { access in
                try access.writing(.reminders) { store in
                    let actor = try global.actor(in: store)
                    guard let found = try store.list(titled: list, visibleTo: actor) else { throw CLIError.unknownList(name: list) }
                    try store.share(listID: found.id, with: account, role: ListRole(rawValue: role) ?? .editor, by: actor)
                }
            }
        }
    }

    /// `georemind lists unshare LIST --with NAME`: the owner takes someone out; a member leaves
    /// with its own name.
    struct Unshare: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unshare", abstract: "Take an account out of a list you own, or leave a list (--with yourself).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The list's name.") var list: String
        @Option(name: .customLong("with"), help: ArgumentHelp("The account to take out.", valueName: "name")) var account: String

        func run() throws {
            try global.withStore { access in
                try access.writing(.reminders) { store in
                    let actor = try global.actor(in: store)
                    guard let found = try store.list(titled: list, visibleTo: actor) else { throw CLIError.unknownList(name: list) }
                    try store.unshare(listID: found.id, account: account, by: actor)
                }
            }
        }
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
                    let actor = try global.actor(in: store)
                    do {
                        list = try store.save(ReminderList(title: name, allowsContentModifications: !readOnly), owner: actor)
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
