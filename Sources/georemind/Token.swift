import ArgumentParser
import Foundation
import GeoReminders

/// `georemind token create|list|revoke`: the API tokens apps authenticate with.
struct Token: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Create, list and revoke the server's API tokens.",
        subcommands: [Create.self, ListTokens.self, Revoke.self])

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a token and print it once.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The token's name.", valueName: "name")) var name: String
        @Option(help: ArgumentHelp("ingest (post fixes), read, or full.", valueName: "scope")) var scope = "ingest"
        @Option(help: ArgumentHelp("Pin an ingest token to one device of the account (its name or id).", valueName: "name"))
        var device: String?

        func validate() throws {
            if TokenScope(rawValue: scope) == nil { throw ValidationError("--scope: '\(scope)' is not ingest, read or full") }
        }

        func run() throws {
            let secret = try global.withStore { access in
                try access.writing(.credentials) { store in
                    try store.createToken(
                        name: name, scope: TokenScope(rawValue: scope) ?? .ingest, account: try global.actor(in: store), device: device)
                }
            }
            print(secret)
        }
    }

    struct ListTokens: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the tokens (never their secret).")
        @OptionGroup var global: GlobalOptions

        func run() throws {
            for token in try global.withStore(readOnly: true, { access in try access.reading(.credentials) { try $0.tokens() } }) {
                let used = token.lastUsedDate.map { $0.formatted(.iso8601) } ?? "never"
                print(
                    "\(token.name)\t\(token.scope.rawValue)\(token.account == Account.firstName ? "" : "\t" + token.account)\tcreated \(token.createdDate.formatted(.iso8601))\tlast used \(used)"
                )
            }
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Revoke a token.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The token's name.", valueName: "name")) var name: String

        func run() throws {
            try global.withStore { access in try access.writing(.credentials) { try $0.revokeToken(name: name) } }
        }
    }
}

/// `georemind device add|list|remove`: the devices the server knows.
struct DeviceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device", abstract: "Add, list and remove the devices the server accepts.",
        subcommands: [Add.self, ListDevices.self, Remove.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a device; prints its id (the OsmAnd/Traccar device identifier).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The device's name.", valueName: "name")) var name: String
        @Option(help: ArgumentHelp("The id its app sends (default: a random unguessable one).", valueName: "id")) var id: String?

        func run() throws {
            print(
                try global.withStore { access in
                    try access.writing(.credentials) { store in
                        try store.addDevice(name: name, id: id, account: try global.actor(in: store)).id
                    }
                })
        }
    }

    struct ListDevices: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the devices.")
        @OptionGroup var global: GlobalOptions

        func run() throws {
            for device in try global.withStore(readOnly: true, { access in try access.reading(.credentials) { try $0.devices() } }) {
                let seen = device.lastSeenDate.map { $0.formatted(.iso8601) } ?? "never"
                let account = device.account == Account.firstName ? "" : "\t" + device.account
                print("\(device.name)\t\(device.id)\t\(device.tokenName ?? "-")\(account)\tlast seen \(seen)")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a device by name.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The device's name.", valueName: "name")) var name: String

        func run() throws {
            try global.withStore { access in try access.writing(.credentials) { try $0.removeDevice(name: name) } }
        }
    }
}
