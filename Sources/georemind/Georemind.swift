import ArgumentParser
import Foundation

/// The `georemind` command: location-aware reminders from the terminal.
///
/// `main()` is written out so that every failure, ArgumentParser's included, leaves as one
/// `error:` line (see `CLIError`), never as usage text or a crash trace.
@main
struct Georemind: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "georemind",
        abstract: "Location-aware reminders: add, list, complete, and check them against a trip or a trace.",
        version: VersionText.text,
        subcommands: [
            Add.self, List.self, Show.self, Edit.self, Delete.self, Complete.self,
            Lists.self, Places.self, Recur.self, Feed.self, Simulate.self, Due.self, Export.self, Import.self,
            Webhook.self, ChannelCommand.self, Deliver.self,
            Serve.self, Token.self, DeviceCommand.self, AccountCommand.self, Render.self, Migrate.self,
        ]
    )

    /// Declared here too so `georemind --store PATH list` works as well as `georemind list --store PATH`.
    @OptionGroup var global: GlobalOptions

    static func main() {
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            guard exitCode(for: error) != .success else { exit(withError: error) }
            CLIError.exit(with: error)
        }
        do {
            var command = command
            try command.run()
        } catch {
            guard exitCode(for: error) != .success else { exit(withError: error) }
            CLIError.exit(with: error)
        }
    }
}
