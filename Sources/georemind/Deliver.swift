import ArgumentParser
import Delivery
import Foundation
import GeoReminders
import Logging
import ServiceLifecycle
import SharedStore

/// `georemind deliver [--once]`: posts the outbox's events to the webhooks, in the foreground until
/// SIGINT or SIGTERM (the server runs the same dispatcher in its service group). With a
/// `postgres://` store, several of them share the deliveries.
struct Deliver: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deliver",
        abstract: "Deliver fired alarms to the webhooks until interrupted, or one pass with --once.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Attempt what is due now once, print the tally and exit.") var once = false
    @OptionGroup var delivery: DeliveryArguments

    func run() throws {
        let settings = try delivery.dispatcherOptions()
        let mailer = try delivery.mailer()
        let global = global
        let once = once
        try AsyncCommand.run {
            let store = try await global.openDeliveryStore()
            let transport = HTTPWebhookTransport()
            let dispatcher = WebhookDispatcher(store: store, transport: transport, mailer: mailer, options: settings)
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
                await (store as? SharedDelivery)?.close()
                throw error
            }
            try await transport.shutdown()
            await (store as? SharedDelivery)?.close()
        }
    }
}
