import Foundation

/// The collection states sync tokens were handed out for (RFC 6578), kept in the store: a client's
/// token outlives the server process and is known to every server of a shared store, so a restart
/// or a failover costs the client a delta, not a full sync. Only the newest ``keptPerCollection``
/// states of each collection are kept; an older token is answered as the RFC's expired one.
public protocol SyncStates: Sendable {
    /// Records that `token` stands for `members` (resource name → version) of `collection`, and
    /// forgets that collection's states beyond the newest ``keptPerCollection`` and every state of
    /// a list since deleted. Recording a known token again makes it the newest.
    func recordSyncState(token: String, collection: String, members: [String: String]) throws

    /// The members `token` was handed out for in `collection`; nil for a token never handed out,
    /// forgotten, or handed out for another collection.
    func syncState(token: String, collection: String) throws -> [String: String]?
}

/// How sync states are stored, the same on both engines.
public enum SyncStateRecord {
    /// States kept per collection: the tokens of the clients that synced last (one per device)
    /// and of the changes made since. A token older than that asks its client to sync afresh.
    public static let keptPerCollection = 32

    /// The collection key of a list's states. The store knows it: a deleted list's states are
    /// dropped as the next state is recorded, so they do not outlive the list.
    public static func listCollection(_ listID: String) -> String { listPrefix + listID }

    static let listPrefix = "list/"

    /// Deletes the states of lists the store no longer has (the same SQL on both engines).
    public static let pruneDeletedLists = """
        DELETE FROM davSyncState WHERE substr(collection, 1, 5) = 'list/'
            AND substr(collection, 6) NOT IN (SELECT id FROM list)
        """

    /// The members as the `members` column holds them (JSON, keys sorted).
    public static func encode(_ members: [String: String]) -> String {
        String(decoding: (try? encoder.encode(members)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// The members of a `members` column; nil for text this version cannot read.
    public static func decode(_ text: String) -> [String: String]? {
        try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
