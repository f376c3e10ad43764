import Foundation
import Synchronization

/// The states of collections that sync tokens were handed out for, so a sync-collection REPORT
/// (RFC 6578) can answer what changed since a token: members whose ETag differs, and removed
/// members as 404 tombstones. A token is the digest of a collection's members, so it moves with
/// any change made anywhere (command line, REST, completion, recurrence, another client) and stays
/// when nothing changed.
///
/// Kept in memory, the most recent ``capacity`` states: a token the server no longer knows (after
/// a restart, or from another server on a shared store) is answered with the RFC's
/// `valid-sync-token` error and the client syncs afresh (RFC 6578 §3.2).
public final class SyncHistory: Sendable {
    public static let tokenPrefix = "https://georemind.org/ns/sync/"
    public let capacity: Int
    private let states = Mutex<(order: [String], members: [String: [String: String]])>(([], [:]))

    public init(capacity: Int = 256) {
        self.capacity = capacity
    }

    /// The token of a collection whose members are `members` (name → ETag), remembered.
    /// `salt` is what else the token covers (the collection's own properties).
    public func token(for members: [String: String], salt: String) -> String {
        var text = salt + "\n"
        for name in members.keys.sorted() { text += name + " " + members[name]! + "\n" }
        let token = Self.tokenPrefix + ETag.strong(Array(text.utf8)).dropFirst().dropLast()
        states.withLock { states in
            guard states.members[token] == nil else { return }
            states.members[token] = members
            states.order.append(token)
            if states.order.count > capacity {
                states.members[states.order.removeFirst()] = nil
            }
        }
        return token
    }

    /// The members a token was handed out for; nil for a token this server does not know.
    public func members(at token: String) -> [String: String]? {
        states.withLock { $0.members[token] }
    }
}
