import ArgumentParser
import Delivery
import Foundation
import GeoReminders
import ReminderViews

/// `georemind webhook add|list|remove|replay`: the endpoints the outbox's events are delivered to
/// (docs/delivery.md).
struct Webhook: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhook",
        abstract: "Manage the URLs fired alarms are posted to (Standard Webhooks).",
        subcommands: [AddEndpoint.self, ListEndpoints.self, RemoveEndpoint.self, Replay.self])

    /// `webhook add URL [--events alarm.*] [--no-late] [--secret whsec_...]`.
    struct AddEndpoint: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add an endpoint; prints its number and its signing secret.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The http or https URL to POST events to.") var url: String
        @Option(
            help: ArgumentHelp(
                "Event types it takes, comma-separated: alarm.*, alarm.arrive, alarm.leave, alarm.time.",
                valueName: "patterns"))
        var events = "alarm.*"
        @Flag(name: .customLong("no-late"), help: "Do not send events recorded more than --late-after after they happened.")
        var noLate = false
        @Option(help: ArgumentHelp("The signing secret, whsec_ and base64 (default: a new random one).", valueName: "secret"))
        var secret: String?

        func run() throws {
            let filter = try CLIError.reading("--events") { try EventTypeFilter(parsing: events) }
            let key =
                try secret.map { text in try CLIError.reading("--secret") { try WebhookSecret(parsing: text) } }
                ?? WebhookSecret.generate()
            let endpoint = try global.withStore { access in
                try access.writing(.webhooks) { store in
                    // An admin's endpoint is the instance's (every event); anyone else's carries their alerts.
                    let actor = try store.account(named: try global.actor(in: store))
                    return try store.addWebhook(
                        url: url, events: filter, acceptsLate: !noLate, secret: key.description,
                        account: actor.isAdmin ? nil : actor.name)
                }
            }
            print("webhook \(endpoint.id) \(endpoint.url)")
            print("secret \(endpoint.secret)")
        }
    }

    /// `webhook list`: number, URL, filter, last status, last success, pending count, failing since.
    struct ListEndpoints: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the endpoints and how delivery goes.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let endpoints = try global.visibleEndpoints().filter { $0.kind == .webhook }
            guard !endpoints.isEmpty else {
                print("no webhooks; `georemind webhook add URL` adds one")
                return
            }
            func time(_ date: Date?) -> String { date.map(JSONLines.timestamp) ?? "-" }
            var rows = [["#", "URL", "EVENTS", "LAST STATUS", "LAST SUCCESS", "PENDING", "FAILING SINCE"]]
            for endpoint in endpoints {
                var events = endpoint.events.description
                if !endpoint.acceptsLate { events += " (no late)" }
                let status =
                    endpoint.isDisabled
                    ? "disabled (410)"
                    : endpoint.lastStatus.map(String.init) ?? (endpoint.lastError == nil ? "-" : "no response")
                rows.append([
                    String(endpoint.id), endpoint.url, events, status, time(endpoint.lastSuccessDate),
                    String(endpoint.pendingCount), time(endpoint.failingSince),
                ])
            }
            print(TextTable(rows: rows).text)
        }
    }

    /// `webhook remove NUMBER|URL`.
    struct RemoveEndpoint: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an endpoint and its queue.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The endpoint's number (from `webhook list`) or URL.") var endpoint: String

        func run() throws {
            let found = try global.withStore { access in
                try access.writing(.webhooks) { store in
                    let found = try store.webhookEndpoint(endpoint, visibleTo: try global.actor(in: store))
                    try store.removeWebhook(id: found.id)
                    return found
                }
            }
            print("removed webhook \(found.id) \(found.url)")
        }
    }

    /// `webhook replay EVENT_ID | --since TIME [--endpoint N]`.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Queue outbox events again for the endpoints whose filter takes them.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var events: ReplayArguments
        @Option(help: ArgumentHelp("Only to this endpoint (number or URL).", valueName: "endpoint")) var endpoint: String?

        func run() throws {
            // Only to the endpoints the acting account sees (on a store of one account, all of them).
            let (global, endpoint) = (global, endpoint)
            let visible = try global.withStore(readOnly: true) { access in
                try access.reading(.webhooks) { store in try store.webhookEndpoints(visibleTo: try global.actor(in: store)) }
            }
            let targets = try endpoint.map { [try WebhookEndpoint.named($0, among: visible).id] } ?? visible.map(\.id)
            let count = try global.replay(events, to: targets)
            print("queued \(count) deliver\(count == 1 ? "y" : "ies")")
        }
    }
}
