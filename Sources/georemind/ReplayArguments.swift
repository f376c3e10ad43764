import ArgumentParser
import Foundation

/// Which outbox events `webhook replay` and `channel replay` queue again: one by its id, or every
/// event from an instant on.
struct ReplayArguments: ParsableArguments {
    @Argument(help: "The event's id (evt_…).") var eventID: String?
    @Option(
        help: ArgumentHelp(
            "Replay the events that happened at or after this UTC instant (2026-11-23T22:00:00Z).",
            valueName: "time"))
    var since: String?

    func validate() throws {
        if (eventID == nil) == (since == nil) { throw ValidationError("give either an event id or --since TIME") }
    }

    func sinceDate() throws -> Date? {
        try since.map { text in
            guard let date = try? Date(text, strategy: .iso8601) else {
                throw CLIError.badValue(option: "--since", message: "'\(text)' is not an ISO 8601 UTC instant like 2026-11-23T22:00:00Z")
            }
            return date
        }
    }
}

extension GlobalOptions {
    /// Queues the chosen events again for each of `endpointIDs` whose filter and person take them,
    /// in the delivery store (where a PostgreSQL store's queues are); the deliveries queued.
    func replay(_ events: ReplayArguments, to endpointIDs: [Int64]) throws -> Int {
        let (global, eventID, since) = (self, events.eventID, try events.sinceDate())
        return try AsyncCommand.value {
            try await global.withDeliveryStore { store in
                var count = 0
                for endpointID in endpointIDs {
                    count += try await store.replayWebhookEvents(eventID: eventID, since: since, endpointID: endpointID)
                }
                return count
            }
        }
    }
}
