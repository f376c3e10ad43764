import Foundation
import GeoReminders
import Synchronization

/// The states of collections that sync tokens were handed out for, so a sync-collection REPORT
/// (RFC 6578) can answer what changed since a token: members whose ETag differs, and removed
/// members as 404 tombstones. A token is the digest of a collection's members, so it moves with
/// any change made anywhere (command line, REST, completion, recurrence, another client) and stays
/// when nothing changed.
///
/// The states of the tokens handed out are recorded in the store (``SyncStates``), so a token
/// outlives a restart and is known to every server of a shared store; the most recent
/// ``capacity`` states are also kept in memory. A token the store no longer knows is answered
/// with the RFC's `valid-sync-token` error and the client syncs afresh (RFC 6578 §3.2).
package final class SyncHistory: Sendable {
    package static let tokenPrefix = "https://georemind.org/ns/sync/"
    package let capacity: Int
    let store: (any SyncStates)?

    /// A state as this process knows it: whose it is, its members, and whether the store has it.
    private struct State {
        var collection: String
        var members: [String: String]
        var recorded: Bool
    }

    private let states = Mutex<(order: [String], states: [String: State])>(([], [:]))

    /// - Parameter store: where handed-out states are recorded; nil keeps them in memory only.
    package init(capacity: Int = 256, store: (any SyncStates)? = nil) {
        self.capacity = capacity
        self.store = store
    }

    /// The token of `collection` whose members are `members` (name → ETag), remembered in memory.
    /// `salt` is what else the token covers (the collection's own properties).
    package func token(for members: [String: String], salt: String, collection: String) -> String {
        var text = Array(salt.utf8)
        text.append(0x0A)
        for (name, version) in members.sorted(by: { $0.key < $1.key }) {
            text += name.utf8
            text.append(0x20)
            text += version.utf8
            text.append(0x0A)
        }
        let token = Self.tokenPrefix + ETag.strong(text).dropFirst().dropLast()
        states.withLock { states in
            guard states.states[token] == nil else { return }
            states.states[token] = State(collection: collection, members: members, recorded: false)
            remember(token, in: &states)
        }
        return token
    }

    /// Records `token` in the store as it is handed to a client (a `sync-token` property or a
    /// sync-collection answer), once per process. A store that cannot record it leaves the token
    /// known to this process only: the client syncs afresh after a restart, which is correct.
    package func handOut(_ token: String) {
        guard let store, let state = states.withLock({ $0.states[token] }), !state.recorded else { return }
        guard (try? store.recordSyncState(token: token, collection: state.collection, members: state.members)) != nil else {
            return
        }
        states.withLock { $0.states[token]?.recorded = true }
    }

    /// The members `token` was handed out for in `collection`; nil for a token neither this
    /// process nor the store knows for that collection (another collection's token included).
    package func members(at token: String, collection: String) throws -> [String: String]? {
        if let known = states.withLock({ $0.states[token] }) {
            return known.collection == collection ? known.members : nil
        }
        guard let store, let members = try store.syncState(token: token, collection: collection) else { return nil }
        states.withLock { states in
            guard states.states[token] == nil else { return }
            states.states[token] = State(collection: collection, members: members, recorded: true)
            remember(token, in: &states)
        }
        return members
    }

    private func remember(_ token: String, in states: inout (order: [String], states: [String: State])) {
        states.order.append(token)
        if states.order.count > capacity {
            states.states[states.order.removeFirst()] = nil
        }
    }
}
