import ArgumentParser
import Delivery
import Foundation
import GeoReminders
import Logging
import ServiceLifecycle

/// `georemind deliver [--once]`: posts the outbox's events to the webhooks, in the foreground until
/// SIGINT or SIGTERM (the server runs the same dispatcher in its service group).
struct Deliver: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Deliver fired alarms to the webhooks until interrupted, or one pass with --once.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Attempt what is due now once, print the tally and exit.") var once = false
    @Option(help: ArgumentHelp("Seconds a request may take before it is retried.", valueName: "span")) var timeout = "10s"
    @Option(help: ArgumentHelp("Requests in flight per endpoint.", valueName: "count")) var concurrency = 32
    @Option(name: .customLong("retry-base"), help: ArgumentHelp("The first retry's delay, doubled after each failure.", valueName: "span"))
    var retryBase = "5s"
    @Option(
        name: .customLong("retry-for"),
        help: ArgumentHelp(
            "How long a delivery is retried before the endpoint is marked failing.",
            valueName: "span"))
    var retryFor = "1d"
    @Option(name: .customLong("keep-events"), help: ArgumentHelp("How long delivered events stay in the outbox.", valueName: "span"))
    var keepEvents = "30d"

    func run() throws {
        var options = DispatcherOptions()
        options.timeout = try CLIError.reading("--timeout") { try TimeSpan(parsing: timeout).seconds }
        options.retry.base = try CLIError.reading("--retry-base") { try TimeSpan(parsing: retryBase).seconds }
        options.retry.retryFor = try CLIError.reading("--retry-for") { try TimeSpan(parsing: retryFor).seconds }
        options.keepEvents = try CLIError.reading("--keep-events") { try TimeSpan(parsing: keepEvents).seconds }
        guard concurrency > 0 else { throw CLIError.badValue(option: "--concurrency", message: "must be at least 1") }
        options.concurrencyPerEndpoint = concurrency
        let store = try global.openStore()
        let once = once
        let settings = options
        try AsyncCommand.run {
            let transport = HTTPWebhookTransport()
            let dispatcher = WebhookDispatcher(store: store, transport: transport, options: settings)
            do {
                if once {
                    let tally = try await dispatcher.runOnce()
                    print("delivered \(tally.delivered), retrying \(tally.retrying), gave up \(tally.gaveUp), disabled \(tally.disabled)")
                } else {
                    let group = ServiceGroup(
                        configuration: ServiceGroupConfiguration(
                            services: [dispatcher], gracefulShutdownSignals: [.sigterm, .sigint],
                            logger: Logger(label: "georemind.deliver")))
                    try await group.run()
                }
            } catch {
                try? await transport.shutdown()
                throw error
            }
            try await transport.shutdown()
        }
    }
}
