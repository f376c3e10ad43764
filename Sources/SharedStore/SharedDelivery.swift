import Foundation
import GeoReminders
import PostgresNIO

/// Webhook delivery from the shared PostgreSQL store: the ``DeliveryStore`` each server instance's
/// dispatcher runs on, with ``ReminderStore``'s semantics (docs/delivery.md).
///
///     let dispatcher = WebhookDispatcher(store: try await SharedDelivery.open(address), transport: transport)
///
/// Several instances share the queues. A claim takes the heads of the device queues with
/// `FOR UPDATE SKIP LOCKED` and leases them (`leaseOwner`, `leaseUntil`), so no delivery is posted
/// by two instances at once and a dead instance's claims are taken again once their lease has
/// passed. Leases and due times are read on the server's clock, so instances' clocks need not agree
/// for leases. Queueing locks the endpoint's row, so two instances never move one cursor at once;
/// that the cursor never passes an event committed later is the outbox's append turn
/// (docs/scaling.md).
///
/// The dispatcher's endpoint workers share the one connection, an operation at a time.
package final class SharedDelivery: DeliveryStore {
    let turn: ConnectionTurn

    init(link: ReconnectingConnection) {
        turn = ConnectionTurn(link)
    }

    /// Connects, with the schema in place.
    package static func open(_ address: PostgresAddress) async throws -> SharedDelivery {
        SharedDelivery(link: ReconnectingConnection(address: address, connection: try await SharedDatabase.open(address)))
    }

    package func close() async {
        await turn.link.close()
    }

    /// Now on the server's clock, as the store keeps dates: seconds since 2001-01-01.
    static let serverNow = "(extract(epoch FROM statement_timestamp())::double precision - 978307200)"

    package func webhookEndpoints() async throws -> [WebhookEndpoint] {
        try await using { db in
            try await PostgresSession.cells("SELECT \(unescaped: WebhookEndpoint.columns) FROM webhookEndpoint ORDER BY id", on: db)
                .map(WebhookEndpoint.init(cells:))
        }
    }

    package func actionKey() async throws -> String {
        try await using { db in
            let cells = try await PostgresSession.cells("SELECT value FROM storeInfo WHERE key = 'actionKey'", on: db)
            guard case .text(let key)? = cells.first?.first else { return "" }
            return key
        }
    }

    package func lastOutboxSequence() async throws -> Int64 {
        try await using { db in
            let cells = try await PostgresSession.cells("SELECT coalesce(max(sequence), 0) FROM outboxEvent", on: db)
            guard case .integer(let sequence)? = cells.first?.first else { return 0 }
            return sequence
        }
    }

    package func isWebhookEnabled(id: Int64) async throws -> Bool {
        try await using { db in
            try await PostgresSession.cells("SELECT disabledDate IS NULL FROM webhookEndpoint WHERE id = \(id)", on: db)
                .first == [.integer(1)]
        }
    }

    /// As ``ReminderStore/queueOutboxEvents(endpointID:limit:)``, with the endpoint's row locked
    /// so that instances queueing it take turns.
    package func queueOutboxEvents(endpointID: Int64, limit: Int) async throws -> Int {
        try await inTransaction { db in
            guard
                let endpoint = try await PostgresSession.cells(
                    "SELECT \(unescaped: WebhookEndpoint.columns) FROM webhookEndpoint WHERE id = \(endpointID) FOR UPDATE", on: db
                ).first.map(WebhookEndpoint.init(cells:)),
                !endpoint.isDisabled
            else { return 0 }
            let events = try await PostgresSession.cells(SharedOutbox.selection(after: endpoint.cursor, limit: limit), on: db)
                .map(OutboxEvent.init(cells:))
            guard let last = events.last else { return 0 }
            let taken = events.filter(endpoint.takes)
            if !taken.isEmpty {
                try await db.query(
                    """
                    INSERT INTO webhookDelivery (endpointID, eventSequence, device, attempts, nextAttemptDate)
                    SELECT \(endpointID), sequence, device, 0, \(unescaped: Self.serverNow)
                    FROM unnest(\(taken.map(\.sequence))::bigint[], \(taken.map { $0.device ?? "" })::text[]) AS queued(sequence, device)
                    ON CONFLICT DO NOTHING
                    """, logger: PostgresSession.logger)
            }
            try await db.query(
                "UPDATE webhookEndpoint SET cursor = \(last.sequence) WHERE id = \(endpointID)", logger: PostgresSession.logger)
            return events.count
        }
    }

    /// As ``ReminderStore/claimWebhookDeliveries(endpointID:owner:lease:limit:)``, in one statement
    /// that skips the rows another instance is claiming or recording.
    package func claimWebhookDeliveries(endpointID: Int64, owner: String, lease: TimeInterval, limit: Int) async throws
        -> [WebhookDelivery]
    {
        try await using { db in
            try await PostgresSession.cells(Self.claim(endpointID: endpointID, owner: owner, lease: lease, limit: limit), on: db)
                .map { cells in
                    let attempts: Int = if case .integer(let count) = cells[0] { Int(count) } else { 0 }
                    let first: Date? = if case .real(let seconds) = cells[1] { Date(timeIntervalSinceReferenceDate: seconds) } else { nil }
                    return WebhookDelivery(
                        endpointID: endpointID, event: OutboxEvent(cells: Array(cells.dropFirst(2))), attempts: attempts,
                        firstAttemptDate: first)
                }
                .sorted { $0.event.sequence < $1.event.sequence }
        }
    }

    /// The heads of the device queues that are due and not leased, oldest first, locked (skipping
    /// rows another transaction holds) and leased to `owner`; returns each with its event's row.
    static func claim(endpointID: Int64, owner: String, lease: TimeInterval, limit: Int) -> PostgresQuery {
        """
        WITH heads AS (
            SELECT d.endpointID, d.eventSequence FROM webhookDelivery d
            WHERE d.endpointID = \(endpointID) AND d.nextAttemptDate <= \(unescaped: serverNow)
                AND (d.leaseUntil IS NULL OR d.leaseUntil <= \(unescaped: serverNow))
                AND NOT EXISTS (
                    SELECT 1 FROM webhookDelivery e
                    WHERE e.endpointID = d.endpointID AND e.device = d.device AND e.eventSequence < d.eventSequence)
            ORDER BY d.eventSequence LIMIT \(limit)
            FOR UPDATE OF d SKIP LOCKED)
        UPDATE webhookDelivery w SET leaseOwner = \(owner), leaseUntil = \(unescaped: serverNow) + \(lease)
        FROM heads JOIN outboxEvent o ON o.sequence = heads.eventSequence
        WHERE w.endpointID = heads.endpointID AND w.eventSequence = heads.eventSequence
        RETURNING w.attempts, w.firstAttemptDate, \(unescaped: OutboxEvent.columnNames.map { "o.\($0)" }.joined(separator: ", "))
        """
    }

    /// As ``ReminderStore/recordWebhookOutcomes(_:)``: one transaction, in the order given.
    package func recordWebhookOutcomes(_ outcomes: [(DeliveryOutcome, WebhookDelivery)]) async throws {
        guard !outcomes.isEmpty else { return }
        try await inTransaction { db in
            for (outcome, delivery) in outcomes {
                for statement in Self.record(outcome, for: delivery) {
                    try await db.query(statement, logger: PostgresSession.logger)
                }
            }
        }
    }

    @discardableResult
    package func pruneOutbox(keep: TimeInterval) async throws -> Int {
        try await using { db in
            let counted = try await PostgresSession.cells(
                """
                WITH pruned AS (
                    DELETE FROM outboxEvent WHERE recordedDate < \(unescaped: Self.serverNow) - \(keep)
                    AND sequence <= COALESCE((SELECT MIN(cursor) FROM webhookEndpoint WHERE disabledDate IS NULL), sequence)
                    AND NOT EXISTS (SELECT 1 FROM webhookDelivery WHERE eventSequence = outboxEvent.sequence)
                    RETURNING 1)
                SELECT count(*) FROM pruned
                """, on: db)
            return if case .integer(let count) = counted.first?.first { Int(count) } else { 0 }
        }
    }

    /// As ``ReminderStore/replayWebhookEvents(eventID:since:endpointID:)``: the events and the
    /// enabled endpoints are read, each endpoint's filter decides, and the deliveries are queued
    /// (a queued one starting over) in one transaction.
    package func replayWebhookEvents(eventID: String?, since: Date?, endpointID: Int64?) async throws -> Int {
        try await inTransaction { db in
            let events: [OutboxEvent]
            if let eventID {
                events = try await PostgresSession.cells(
                    "SELECT \(unescaped: OutboxEvent.columns) FROM outboxEvent WHERE id = \(eventID)", on: db
                ).map(OutboxEvent.init(cells:))
                guard !events.isEmpty else { throw WebhookError.eventNotFound(id: eventID) }
            } else {
                let from = (since ?? .distantPast).timeIntervalSinceReferenceDate
                events = try await PostgresSession.cells(
                    "SELECT \(unescaped: OutboxEvent.columns) FROM outboxEvent WHERE eventDate >= \(from) ORDER BY sequence", on: db
                ).map(OutboxEvent.init(cells:))
            }
            let endpoints = try await PostgresSession.cells(
                "SELECT \(unescaped: WebhookEndpoint.columns) FROM webhookEndpoint WHERE disabledDate IS NULL ORDER BY id", on: db
            ).map(WebhookEndpoint.init(cells:)).filter { endpointID == nil || $0.id == endpointID }
            var count = 0
            for endpoint in endpoints {
                for event in events where endpoint.takes(event) {
                    try await db.query(
                        """
                        INSERT INTO webhookDelivery (endpointID, eventSequence, device, attempts, nextAttemptDate)
                        VALUES (\(endpoint.id), \(event.sequence), \(event.device ?? ""), 0, \(unescaped: Self.serverNow))
                        ON CONFLICT (endpointID, eventSequence) DO UPDATE SET attempts = 0, firstAttemptDate = NULL,
                            nextAttemptDate = excluded.nextAttemptDate, leaseOwner = NULL, leaseUntil = NULL,
                            lastStatus = NULL, lastError = NULL
                        """, logger: PostgresSession.logger)
                    count += 1
                }
            }
            return count
        }
    }

    /// Runs `work` with the connection in its turn; failures as one line.
    private func using<T: Sendable>(_ work: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        do {
            return try await turn.run(work)
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    private func inTransaction<T: Sendable>(_ work: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await using { db in
            try await db.withTransaction(logger: PostgresSession.logger) { try await work($0) }
        }
    }
}
