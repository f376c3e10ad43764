import ArgumentParser
import Delivery
import Foundation
import GeoReminders
import ReminderViews

/// `georemind channel add|list|remove|test|replay`: where a person reads alerts — ntfy, Apprise API,
/// e-mail — delivered through the same outbox as webhooks (docs/notifications.md).
struct ChannelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "channel",
        abstract: "Manage the notification channels alerts are sent to (ntfy, Apprise API, e-mail).",
        subcommands: [AddChannel.self, ListChannels.self, RemoveChannel.self, TestChannel.self, ReplayChannel.self])

    /// `channel add ntfy URL [--token T]`, `channel add apprise URL`, `channel add email ADDRESS`.
    struct AddChannel: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a channel; prints its name.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "ntfy, apprise or email.") var kind: String
        @Argument(help: "The ntfy topic URL, the Apprise API notify URL (…/notify/KEY) or the e-mail address.") var target: String
        @Option(help: ArgumentHelp("An ntfy access token, sent as a bearer token; never shown again.", valueName: "token"))
        var token: String?
        @Option(help: ArgumentHelp("The channel's name (default: KIND-NUMBER).", valueName: "name")) var name: String?

        func validate() throws {
            guard let kind = ChannelKind(rawValue: kind), kind != .webhook else {
                throw ValidationError("'\(kind)' is not a channel kind: use ntfy, apprise or email (webhooks: `georemind webhook add`)")
            }
            if token != nil, kind != .ntfy { throw ValidationError("--token is for ntfy channels") }
        }

        func run() throws {
            let kind = ChannelKind(rawValue: kind) ?? .ntfy
            let (target, token, name) = (target, token, name)
            let channel = try global.withStore { access in
                try access.writing(.webhooks) { store in
                    try store.addChannel(kind: kind, target: target, token: token, name: name, account: try global.actor(in: store))
                }
            }
            print("channel \(channel.name ?? String(channel.id)) \(channel.kind.rawValue) \(ChannelTarget.display(channel))")
        }
    }

    /// `channel list`: kind, name, target (secrets hidden), last status, pending, failing since.
    struct ListChannels: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the channels and how delivery goes.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let channels = try global.visibleEndpoints().filter { $0.kind != .webhook }
            guard !channels.isEmpty else {
                print("no channels; `georemind channel add ntfy https://ntfy.example.org/TOPIC` adds one")
                return
            }
            print(TextTable(rows: ChannelRows.rows(channels)).text)
        }
    }

    /// `channel remove NAME`.
    struct RemoveChannel: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a channel and its queue.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The channel's name (or number) from `channel list`.") var channel: String

        func run() throws {
            let reference = channel
            let found = try global.withStore { access in
                try access.writing(.webhooks) { store in try store.removeChannel(reference, visibleTo: try global.actor(in: store)) }
            }
            print("removed channel \(found.name ?? String(found.id))")
        }
    }

    /// `channel test NAME`: sends a made-up alert now and prints what the far end answered.
    struct TestChannel: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test", abstract: "Send a test alert to a channel and print what the far end answered.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The channel's name (or number) from `channel list`.") var channel: String
        @Option(
            help: ArgumentHelp("For an e-mail channel: the mail server, as serve's --smtp (with its ?from= and ?ca=).", valueName: "url"))
        var smtp: String?

        func run() throws {
            let mailer = try smtp.map(DeliveryArguments.mailer(for:))
            let (global, reference) = (global, channel)
            let channel = try global.withStore(readOnly: true) { access in
                try access.reading(.webhooks) { store in try store.channel(reference, visibleTo: try global.actor(in: store)) }
            }
            let answer = try AsyncCommand.value {
                let transport = HTTPWebhookTransport()
                let answer = await ChannelTest.send(to: channel, transport: transport, mailer: mailer)
                try? await transport.shutdown()
                return answer
            }
            print(answer)
        }
    }
}

extension ChannelCommand {
    /// `channel replay NAME EVENT_ID | --since TIME`: sends alerts to one channel again, say after
    /// its topic or address was fixed.
    struct ReplayChannel: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay", abstract: "Queue outbox events again for a channel, if they are for its person.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The channel's name (or number) from `channel list`.") var channel: String
        @OptionGroup var events: ReplayArguments

        func run() throws {
            let (global, reference) = (global, channel)
            let channel = try global.withStore(readOnly: true) { access in
                try access.reading(.webhooks) { store in try store.channel(reference, visibleTo: try global.actor(in: store)) }
            }
            let count = try global.replay(events, to: [channel.id])
            print("queued \(count) deliver\(count == 1 ? "y" : "ies")")
        }
    }
}

/// The rows of `channel list`: no token or password ever reaches them.
enum ChannelRows {
    static func rows(_ channels: [WebhookEndpoint]) -> [[String]] {
        func time(_ date: Date?) -> String { date.map(JSONLines.timestamp) ?? "-" }
        var rows = [["NAME", "KIND", "TARGET", "LAST STATUS", "LAST SUCCESS", "PENDING", "FAILING SINCE"]]
        for channel in channels {
            let status =
                channel.isDisabled
                ? "disabled (410)"
                : channel.lastStatus.map(String.init) ?? (channel.lastError == nil ? "-" : "no response")
            var target = ChannelTarget.display(channel)
            if channel.token != nil { target += " (token)" }
            rows.append([
                channel.name ?? String(channel.id), channel.kind.rawValue, target, status, time(channel.lastSuccessDate),
                String(channel.pendingCount), time(channel.failingSince),
            ])
        }
        return rows
    }
}

extension GlobalOptions {
    /// The endpoints and channels the acting account sees, each with its pending count, which
    /// the delivery queues hold (a PostgreSQL store's working copy does not copy them).
    func visibleEndpoints() throws -> [WebhookEndpoint] {
        let global = self
        let acting = try withStore(readOnly: true) { access in
            try access.reading(.webhooks) { store in try store.account(named: try global.actor(in: store)) }
        }
        let endpoints = try AsyncCommand.value { try await global.withDeliveryStore { try await $0.webhookEndpoints() } }
        return WebhookEndpoint.visible(endpoints, to: acting)
    }
}
