import Foundation

/// What a webhook dispatcher needs of a store, and nothing more: the seam that lets the one
/// dispatcher deliver from the embedded SQLite store (``ReminderStore``) and from the shared
/// PostgreSQL one (SharedStore's `SharedDelivery`), as docs/scaling.md describes.
///
/// Asynchronous because the dispatcher is: a PostgreSQL implementation awaits its client instead of
/// holding one of Swift concurrency's few threads. ``ReminderStore``'s synchronous methods fulfil it.
public protocol DeliveryStore: Sendable {
    /// Every endpoint, in the order they were added.
    func webhookEndpoints() async throws -> [WebhookEndpoint]

    /// The endpoint exists and has not been disabled: the check a worker makes each round.
    func isWebhookEnabled(id: Int64) async throws -> Bool

    /// The sequence of the newest outbox event (0: none): an endpoint whose cursor is there and
    /// that has nothing queued has nothing to do, and is not asked again until this moves.
    func lastOutboxSequence() async throws -> Int64

    /// Moves up to `limit` outbox events past the endpoint's cursor into its queue (those its
    /// filter takes); returns how many events the cursor passed. The cursor must never pass an
    /// event that becomes visible later: that event would never be delivered.
    func queueOutboxEvents(endpointID: Int64, limit: Int) async throws -> Int

    /// Claims for `owner`, until `lease` seconds from now, up to `limit` due deliveries: only the
    /// oldest queued event of each device, none under another live lease.
    func claimWebhookDeliveries(endpointID: Int64, owner: String, lease: TimeInterval, limit: Int) async throws
        -> [WebhookDelivery]

    /// Records what several attempts came to, in the order given, in one transaction.
    func recordWebhookOutcomes(_ outcomes: [(DeliveryOutcome, WebhookDelivery)]) async throws

    /// Deletes the events recorded more than `keep` seconds ago that every endpoint is done with;
    /// returns how many.
    @discardableResult
    func pruneOutbox(keep: TimeInterval) async throws -> Int

    /// Queues again, for every enabled endpoint (or only `endpointID`) whose filter takes them, the
    /// event `eventID` or the events that happened at or after `since`; returns how many deliveries.
    /// A delivery already queued starts over.
    func replayWebhookEvents(eventID: String?, since: Date?, endpointID: Int64?) async throws -> Int

    /// The key Done links are signed with (``ActionLink``); never printed.
    func actionKey() async throws -> String
}

extension ReminderStore: DeliveryStore {}
