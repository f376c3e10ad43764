import Foundation
import GRDB

/// Notification channels (schema v11-channels): endpoints of the outbox whose kind is not
/// `webhook`, so they share its cursor, queue, retries and failing state (docs/notifications.md).
///
/// A channel belongs to a person (v14-personal-channels) and carries the alerts that are theirs
/// (``WebhookEndpoint/isFor(_:)``); it is seen and managed by that person only, and a channel with
/// no owner (made before channels had owners) by admins.
extension ReminderStore {
    /// Adds a channel that receives the events recorded from now on; named `kind-N` unless `name`
    /// is given. `target` is an ntfy topic URL, an Apprise API notify URL or an e-mail address.
    /// - Parameter account: whose alerts it carries; nil: every alert.
    public func addChannel(
        kind: ChannelKind, target: String, token: String? = nil, name: String? = nil, account: String? = nil
    ) throws -> WebhookEndpoint {
        let url = try ChannelTarget.validated(kind: kind, target: target)
        if let name {
            // Not only digits: a channel is also found by its number.
            let allowed = name.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) && $0.isASCII || "._-".unicodeScalars.contains($0)
            }
            guard (1...64).contains(name.count), allowed, Int64(name) == nil else { throw WebhookError.badChannelName(name: name) }
        }
        let database = try authorizedDatabase(for: "add a channel")
        if let name, try channels().contains(where: { $0.name == name && $0.account == account }) {
            throw WebhookError.channelNameTaken(name: name)
        }
        let now = configuration.now().timeIntervalSinceReferenceDate
        let id = try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO webhookEndpoint (url, events, acceptsLate, secret, createdDate, cursor, kind, name, token, account)
                    VALUES (?, 'alarm.*', 1, '', ?, (SELECT MAX(COALESCE((SELECT MAX(sequence) FROM outboxEvent), 0),
                        COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'outboxEvent'), 0))), ?, ?, ?, ?)
                    """, arguments: [url, now, kind.rawValue, name, token, account])
            let id = db.lastInsertedRowID
            if name == nil {
                try db.execute(sql: "UPDATE webhookEndpoint SET name = ? WHERE id = ?", arguments: ["\(kind.rawValue)-\(id)", id])
            }
            return id
        }
        guard let channel = try channels().first(where: { $0.id == id }) else { throw WebhookError.channelNotFound(reference: "\(id)") }
        return channel
    }

    /// Every channel (endpoints that are not webhooks), in the order they were added.
    public func channels() throws -> [WebhookEndpoint] {
        try webhookEndpoints().filter { $0.kind != .webhook }
    }

    /// The channels `account` sees and manages: its own, and for an admin those that are no one's.
    public func channels(visibleTo account: String) throws -> [WebhookEndpoint] {
        try webhookEndpoints(visibleTo: account).filter { $0.kind != .webhook }
    }

    /// The channel whose name or number is `reference`; another person's answers as a missing one.
    public func channel(_ reference: String, visibleTo account: String? = nil) throws -> WebhookEndpoint {
        try WebhookEndpoint.channel(reference, among: account.map(channels(visibleTo:)) ?? channels())
    }

    /// Removes a channel and its queue.
    public func removeChannel(_ reference: String, visibleTo account: String? = nil) throws -> WebhookEndpoint {
        let found = try channel(reference, visibleTo: account)
        try removeWebhook(id: found.id)
        return found
    }

    /// The key Done links are signed with (made by migration v11-channels).
    public func actionKey() throws -> String {
        let database = try authorizedDatabase(for: "read the action key")
        return try database.read { db in try String.fetchOne(db, sql: "SELECT value FROM storeInfo WHERE key = 'actionKey'") ?? "" }
    }
}

extension WebhookEndpoint {
    /// The channel of `endpoints` whose name or number is `reference`.
    public static func channel(_ reference: String, among endpoints: [WebhookEndpoint]) throws -> WebhookEndpoint {
        let channels = endpoints.filter { $0.kind != .webhook }
        if let found = channels.first(where: { $0.name == reference }) { return found }
        if let number = Int64(reference), let found = channels.first(where: { $0.id == number }) { return found }
        throw WebhookError.channelNotFound(reference: reference)
    }
}
