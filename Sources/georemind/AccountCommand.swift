import ArgumentParser
import Foundation
import GeoReminders

/// `georemind account add|list|disable|enable`: the people using the store (docs/people.md).
/// Adding and disabling accounts is an admin's: the command acts as `--account`.
struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Add, list, disable and enable accounts (people).",
        subcommands: [Add.self, ListAccounts.self, Disable.self, Enable.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an account, with a list of its own.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The account's name.", valueName: "name")) var name: String
        @Flag(help: "Let it manage accounts, and every account's tokens and devices.") var admin = false

        func run() throws {
            try global.withStore { access in
                try access.writing([.reminders, .credentials]) { store in
                    try global.requireAdmin(in: store)
                    try store.addAccount(name: name, isAdmin: admin)
                }
            }
        }
    }

    struct ListAccounts: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the accounts.")
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let accounts = try global.withStore(readOnly: true) { access in try access.reading(.credentials) { try $0.accounts() } }
            let rows = accounts.map { account in
                [
                    account.name,
                    [account.isAdmin ? "admin" : nil, account.isDisabled ? "disabled" : nil].compactMap { $0 }.joined(separator: ", "),
                ]
            }
            print(TextTable(rows: rows).text)
        }
    }

    struct Disable: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "disable", abstract: "Disable an account: its tokens are refused and its devices fire nothing.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The account's name.", valueName: "name")) var name: String

        func run() throws { try global.setDisabled(true, account: name) }
    }

    struct Enable: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "enable", abstract: "Enable a disabled account again.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The account's name.", valueName: "name")) var name: String

        func run() throws { try global.setDisabled(false, account: name) }
    }
}

extension GlobalOptions {
    /// `account disable|enable NAME`, as an admin.
    func setDisabled(_ disabled: Bool, account name: String) throws {
        try withStore { access in
            try access.writing([.reminders, .credentials]) { store in
                try requireAdmin(in: store)
                try store.setDisabled(disabled, account: name)
            }
        }
    }

    /// Refuses unless the acting account is an admin.
    func requireAdmin(in store: ReminderStore) throws {
        let actor = try store.account(named: try self.actor(in: store))
        guard actor.isAdmin else { throw CLIError.adminOnly(account: actor.name) }
    }
}
