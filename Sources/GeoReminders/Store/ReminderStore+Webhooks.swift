import Foundation
import GRDB

/// Webhook endpoints and their delivery queues (schema v8-outbox).
///
/// Each endpoint has a cursor into the outbox; ``queueOutboxEvents(endpointID:limit:)`` copies the
/// events past it that the endpoint takes into `webhookDelivery`, one row per (endpoint, event), so
/// retries and order are per endpoint and survive restarts. A dispatcher claims the head of each
/// device's queue with a lease (``claimWebhookDeliveries(endpointID:owner:lease:limit:)``), sends it
/// outside any transaction, and records the outcome. On PostgreSQL (SharedStore's `SharedDelivery`)
/// the claim takes `FOR UPDATE SKIP LOCKED` on the head rows, so several instances share the queues.
extension ReminderStore {
    static let endpointColumns = WebhookEndpoint.columns

    /// Adds an endpoint that receives the events recorded from now on: its cursor starts at the
    /// last outbox sequence given (kept in `sqlite_sequence` even once the event is pruned, and all
    /// a working copy of a PostgreSQL store knows of its outbox).
    /// - Parameter account: whose alerts it carries (a person's own endpoint); nil: every event
    ///   (the instance's, an admin's).
    public func addWebhook(
        url: String, events: EventTypeFilter = .all, acceptsLate: Bool = true,
        secret: String, account: String? = nil
    ) throws -> WebhookEndpoint {
        let database = try authorizedDatabase(for: "add a webhook")
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { throw WebhookError.badURL(url: url, reason: "it must start with http:// or https://") }
        guard let host = components.host, !host.isEmpty else { throw WebhookError.badURL(url: url, reason: "it names no host") }
        let now = configuration.now().timeIntervalSinceReferenceDate
        let id = try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO webhookEndpoint (url, events, acceptsLate, secret, createdDate, cursor, account)
                    VALUES (?, ?, ?, ?, ?, (SELECT MAX(COALESCE((SELECT MAX(sequence) FROM outboxEvent), 0),
                        COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'outboxEvent'), 0))), ?)
                    """, arguments: [url, events.description, acceptsLate, secret, now, account])
            return db.lastInsertedRowID
        }
        guard let endpoint = try webhookEndpoints().first(where: { $0.id == id }) else {
            throw WebhookError.endpointNotFound(reference: "\(id)")
        }
        return endpoint
    }

    /// Every endpoint, in the order they were added.
    public func webhookEndpoints() throws -> [WebhookEndpoint] {
        let database = try authorizedDatabase(for: "read webhooks")
        return try database.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.endpointColumns) FROM webhookEndpoint ORDER BY id").map(Self.endpoint)
        }
    }

    /// The endpoint whose number or URL is `reference`.
    public func webhookEndpoint(_ reference: String, visibleTo account: String? = nil) throws -> WebhookEndpoint {
        try WebhookEndpoint.named(reference, among: account.map(webhookEndpoints(visibleTo:)) ?? webhookEndpoints())
    }

    /// The endpoints and channels `account` sees and manages: its own, and for an admin those
    /// that are no one's (the instance's).
    public func webhookEndpoints(visibleTo account: String) throws -> [WebhookEndpoint] {
        try WebhookEndpoint.visible(webhookEndpoints(), to: self.account(named: account))
    }
}

extension WebhookEndpoint {
    /// Those of `endpoints` that `account` sees and manages: its own, and for an admin those that
    /// are no one's (the instance's).
    public static func visible(_ endpoints: [WebhookEndpoint], to account: Account) -> [WebhookEndpoint] {
        endpoints.filter { $0.account == account.name || ($0.account == nil && account.isAdmin) }
    }

    /// The endpoint of `endpoints` whose number or URL is `reference` (a channel is named by `channel`).
    public static func named(_ reference: String, among endpoints: [WebhookEndpoint]) throws -> WebhookEndpoint {
        let endpoints = endpoints.filter { $0.kind == .webhook }
        if let number = Int64(reference), let endpoint = endpoints.first(where: { $0.id == number }) { return endpoint }
        guard let endpoint = endpoints.first(where: { $0.url == reference }) else {
            throw WebhookError.endpointNotFound(reference: reference)
        }
        return endpoint
    }
}

extension ReminderStore {

    /// Removes an endpoint and its queue.
    public func removeWebhook(id: Int64) throws {
        let database = try authorizedDatabase(for: "remove a webhook")
        try database.write { db in
            try db.execute(sql: "DELETE FROM webhookDelivery WHERE endpointID = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM webhookEndpoint WHERE id = ?", arguments: [id])
            guard db.changesCount == 1 else { throw WebhookError.endpointNotFound(reference: "\(id)") }
        }
    }

    /// Queues again, for every enabled endpoint (or only `endpointID`) whose filter takes them, the
    /// event `eventID` or the events that happened at or after `since`; returns how many deliveries.
    /// A delivery already queued starts over.
    public func replayWebhookEvents(eventID: String? = nil, since: Date? = nil, endpointID: Int64? = nil) throws -> Int {
        let database = try authorizedDatabase(for: "replay webhook events")
        let now = configuration.now().timeIntervalSinceReferenceDate
        return try database.write { db in
            let events: [OutboxEvent]
            if let eventID {
                let rows = try Row.fetchAll(db, sql: "SELECT \(OutboxEvent.columns) FROM outboxEvent WHERE id = ?", arguments: [eventID])
                guard !rows.isEmpty else { throw WebhookError.eventNotFound(id: eventID) }
                events = rows.map(OutboxEvent.init(row:))
            } else {
                events = try Row.fetchAll(
                    db, sql: "SELECT \(OutboxEvent.columns) FROM outboxEvent WHERE eventDate >= ? ORDER BY sequence",
                    arguments: [(since ?? .distantPast).timeIntervalSinceReferenceDate]
                ).map(OutboxEvent.init(row:))
            }
            let endpoints = try Row.fetchAll(db, sql: "SELECT \(Self.endpointColumns) FROM webhookEndpoint WHERE disabledDate IS NULL")
                .map(Self.endpoint).filter { endpointID == nil || $0.id == endpointID }
            var count = 0
            for endpoint in endpoints {
                for event in events where endpoint.takes(event) {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO webhookDelivery VALUES (?, ?, ?, 0, NULL, ?, NULL, NULL, NULL, NULL)",
                        arguments: [endpoint.id, event.sequence, event.device ?? "", now])
                    count += 1
                }
            }
            return count
        }
    }

    /// Moves up to `limit` outbox events past the endpoint's cursor into its queue (those its filter
    /// takes); returns how many events the cursor passed. Bounded, so a long backlog is queued in steps.
    @discardableResult
    public func queueOutboxEvents(endpointID: Int64, limit: Int = 1000) throws -> Int {
        let database = try authorizedDatabase(for: "queue webhook deliveries")
        let now = configuration.now().timeIntervalSinceReferenceDate
        return try database.write { db in
            guard
                let endpoint = try Row.fetchOne(
                    db, sql: "SELECT \(Self.endpointColumns) FROM webhookEndpoint WHERE id = ?",
                    arguments: [endpointID]
                ).map(Self.endpoint),
                !endpoint.isDisabled
            else { return 0 }
            let events = try Row.fetchAll(
                db, sql: "SELECT \(OutboxEvent.columns) FROM outboxEvent WHERE sequence > ? ORDER BY sequence LIMIT ?",
                arguments: [endpoint.cursor, limit]
            ).map(OutboxEvent.init(row:))
            guard let last = events.last else { return 0 }
            let insert = try db.makeStatement(
                sql: "INSERT OR IGNORE INTO webhookDelivery VALUES (?, ?, ?, 0, NULL, ?, NULL, NULL, NULL, NULL)")
            for event in events where endpoint.takes(event) {
                try insert.execute(arguments: [endpointID, event.sequence, event.device ?? "", now])
            }
            try db.execute(sql: "UPDATE webhookEndpoint SET cursor = ? WHERE id = ?", arguments: [last.sequence, endpointID])
            return events.count
        }
    }

    /// Claims for `owner`, until `lease` seconds from now, up to `limit` deliveries that are due: only
    /// the oldest queued event of each device, so that one device's events go out in order, and none
    /// under another live lease.
    public func claimWebhookDeliveries(endpointID: Int64, owner: String, lease: TimeInterval, limit: Int) throws -> [WebhookDelivery] {
        let database = try authorizedDatabase(for: "claim webhook deliveries")
        let now = configuration.now().timeIntervalSinceReferenceDate
        return try database.write { db in
            let heads = try Self.dueHeads(endpointID: endpointID, now: now, limit: limit, in: db)
            var deliveries: [WebhookDelivery] = []
            let claim = try db.cachedStatement(
                sql: "UPDATE webhookDelivery SET leaseOwner = ?, leaseUntil = ? WHERE endpointID = ? AND eventSequence = ?")
            let read = try db.cachedStatement(sql: "SELECT \(OutboxEvent.columns) FROM outboxEvent WHERE sequence = ?")
            for head in heads {
                let sequence: Int64 = head[0]
                guard let row = try Row.fetchOne(read, arguments: [sequence]) else { continue }
                try claim.execute(arguments: [owner, now + lease, endpointID, sequence])
                deliveries.append(
                    WebhookDelivery(
                        endpointID: endpointID, event: OutboxEvent(row: row), attempts: head[1],
                        firstAttemptDate: (head[2] as Double?).map(Date.init(timeIntervalSinceReferenceDate:))))
            }
            return deliveries
        }
    }

    /// The due, unleased heads of the endpoint's device queues, oldest first (sequence, attempts,
    /// first attempt). The oldest due rows are tried first, each checked for an older row of its
    /// device by index: with many devices the heads are among them, and a claim costs its limit, not
    /// the queue (a 10,000-phone burst: 11 ms → 0.03 ms a claim). Only when that window was full of
    /// rows waiting behind their device's head (one device's long backlog) is every queue grouped.
    static func dueHeads(endpointID: Int64, now: Double, limit: Int, in db: Database) throws -> [Row] {
        let window = 4 * limit + 64
        let oldest = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT d.eventSequence, d.attempts, d.firstAttemptDate,
                        NOT EXISTS (SELECT 1 FROM webhookDelivery e
                            WHERE e.endpointID = d.endpointID AND e.device = d.device AND e.eventSequence < d.eventSequence)
                    FROM webhookDelivery d
                    WHERE d.endpointID = ? AND d.nextAttemptDate <= ? AND (d.leaseUntil IS NULL OR d.leaseUntil <= ?)
                    ORDER BY d.eventSequence LIMIT ?
                    """), arguments: [endpointID, now, now, window])
        let heads = oldest.filter { $0[3] as Bool }.prefix(limit)
        if heads.count == limit || oldest.count < window { return Array(heads) }
        return try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT d.eventSequence, d.attempts, d.firstAttemptDate FROM webhookDelivery d
                    JOIN (SELECT device, MIN(eventSequence) AS head FROM webhookDelivery WHERE endpointID = ? GROUP BY device) h
                        ON d.device = h.device AND d.eventSequence = h.head
                    WHERE d.endpointID = ? AND d.nextAttemptDate <= ? AND (d.leaseUntil IS NULL OR d.leaseUntil <= ?)
                    ORDER BY d.eventSequence LIMIT ?
                    """), arguments: [endpointID, endpointID, now, now, limit])
    }

    /// When the endpoint's next queued delivery falls due (nil: none queued).
    public func nextWebhookDeliveryDate(endpointID: Int64) throws -> Date? {
        let database = try authorizedDatabase(for: "read webhook deliveries")
        return try database.read { db in
            try Double.fetchOne(
                db, sql: "SELECT MIN(MAX(nextAttemptDate, COALESCE(leaseUntil, 0))) FROM webhookDelivery WHERE endpointID = ?",
                arguments: [endpointID]
            ).map(Date.init(timeIntervalSinceReferenceDate:))
        }
    }

    /// Records what an attempt at `delivery` came to, on the delivery and on its endpoint.
    public func recordWebhookOutcome(_ outcome: DeliveryOutcome, for delivery: WebhookDelivery) throws {
        try recordWebhookOutcomes([(outcome, delivery)])
    }

    /// Records what several attempts came to in one transaction, in the order given: a busy
    /// endpoint's completions cost one write, not one each.
    public func recordWebhookOutcomes(_ outcomes: [(DeliveryOutcome, WebhookDelivery)]) throws {
        guard !outcomes.isEmpty else { return }
        let database = try authorizedDatabase(for: "record a webhook delivery")
        let now = configuration.now().timeIntervalSinceReferenceDate
        try database.write { db in
            for (outcome, delivery) in outcomes {
                try Self.record(outcome, for: delivery, now: now, in: db)
            }
        }
    }

    private static func record(_ outcome: DeliveryOutcome, for delivery: WebhookDelivery, now: Double, in db: Database) throws {
        let key: [any DatabaseValueConvertible] = [delivery.endpointID, delivery.event.sequence]
        switch outcome {
        case let .delivered(status):
            // Cached: a busy endpoint records thousands of these a second, and compiling them cost more than running them.
            try db.cachedStatement(sql: "DELETE FROM webhookDelivery WHERE endpointID = ? AND eventSequence = ?")
                .execute(arguments: StatementArguments(key))
            try db.cachedStatement(
                sql: """
                    UPDATE webhookEndpoint SET lastStatus = ?, lastError = NULL, lastAttemptDate = ?, lastSuccessDate = ?,
                    failingSince = NULL WHERE id = ?
                    """
            ).execute(arguments: [status, now, now, delivery.endpointID])
        case .gone:
            try db.execute(sql: "DELETE FROM webhookDelivery WHERE endpointID = ?", arguments: [delivery.endpointID])
            try db.execute(
                sql: """
                    UPDATE webhookEndpoint SET lastStatus = 410, lastError = 'Gone: disabled', lastAttemptDate = ?,
                    disabledDate = ? WHERE id = ?
                    """, arguments: [now, now, delivery.endpointID])
        case let .retry(status, error, retryAt):
            try db.execute(
                sql: """
                    UPDATE webhookDelivery SET attempts = attempts + 1, firstAttemptDate = COALESCE(firstAttemptDate, ?),
                    nextAttemptDate = ?, leaseOwner = NULL, leaseUntil = NULL, lastStatus = ?, lastError = ?
                    WHERE endpointID = ? AND eventSequence = ?
                    """, arguments: [now, retryAt.timeIntervalSinceReferenceDate, status, error] + StatementArguments(key))
            try db.execute(
                sql: "UPDATE webhookEndpoint SET lastStatus = ?, lastError = ?, lastAttemptDate = ? WHERE id = ?",
                arguments: [status, error, now, delivery.endpointID])
        case let .gaveUp(status, error):
            try db.execute(
                sql: "DELETE FROM webhookDelivery WHERE endpointID = ? AND eventSequence = ?", arguments: StatementArguments(key))
            try db.execute(
                sql: """
                    UPDATE webhookEndpoint SET lastStatus = ?, lastError = ?, lastAttemptDate = ?,
                    failingSince = COALESCE(failingSince, ?) WHERE id = ?
                    """, arguments: [status, error, now, now, delivery.endpointID])
        }
    }

    static func endpoint(_ row: Row) -> WebhookEndpoint {
        WebhookEndpoint(cells: row.databaseValues.map(StoreValue.init))
    }
}

extension WebhookEndpoint {
    /// The endpoint's filter and late policy take `event`.
    public func takes(_ event: OutboxEvent) -> Bool {
        events.matches(event.type) && (acceptsLate || !event.late) && isFor(event)
    }

    /// A person's channel carries their alerts only (a notification is for whom the alarm fired
    /// for); a person's webhook, every event of the lists they read (a program of theirs, as their
    /// `GET /api/v1/events`); one that is no one's, every event. An event that names no one (a
    /// store of one account) is everyone's.
    public func isFor(_ event: OutboxEvent) -> Bool {
        guard let account else { return true }
        if kind == .webhook, !event.readers.isEmpty { return event.readers.contains(account) }
        guard !event.people.isEmpty else { return true }
        return event.people.contains(account)
    }
}

extension ReminderStore {
    /// The sequence of the newest outbox event (0: none).
    public func lastOutboxSequence() throws -> Int64 {
        let database = try authorizedDatabase(for: "read the outbox")
        return try database.read { db in try Int64.fetchOne(db, sql: "SELECT coalesce(max(sequence), 0) FROM outboxEvent") ?? 0 }
    }

    /// The endpoint exists and has not been disabled: a cheap check a dispatcher's worker makes each round.
    public func isWebhookEnabled(id: Int64) throws -> Bool {
        let database = try authorizedDatabase(for: "read webhooks")
        return try database.read { db in
            try Bool.fetchOne(db, sql: "SELECT disabledDate IS NULL FROM webhookEndpoint WHERE id = ?", arguments: [id]) ?? false
        }
    }
}
