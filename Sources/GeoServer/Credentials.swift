import Foundation
import GeoReminders
import Synchronization

/// The tokens and device ids the server accepts, read from the store at start and again whenever
/// it changes (a `token revoke` takes effect within a second), so that no request waits on a query.
/// On SQLite ``CredentialWatcher`` reloads them, on PostgreSQL ``SharedCredentialWatcher``.
public final class Credentials: Sendable {
    let state = Mutex<(tokens: [Data: APIToken], devices: Set<String>)>(([:], []))

    /// None yet: fill with ``replace(tokens:devices:)`` before serving.
    public init() {}

    public convenience init(store: ReminderStore) throws {
        self.init()
        try reload(from: store)
    }

    public func reload(from store: ReminderStore) throws {
        // Only devices added with `device add`: ids first seen with a token are no OsmAnd credential.
        replace(tokens: try store.tokensByHash(), devices: Set(try store.devices().filter { $0.tokenName == nil }.map(\.id)))
    }

    /// `tokens` by their hash (``ReminderStore/tokenHash(_:)``); `devices` the ids added with `device add`.
    public func replace(tokens: [Data: APIToken], devices: Set<String>) {
        state.withLock { $0 = (tokens, devices) }
    }

    public func token(secret: String) -> APIToken? {
        let hash = ReminderStore.tokenHash(secret)
        return state.withLock { $0.tokens[hash] }
    }

    public func isRegistered(device: String) -> Bool {
        state.withLock { $0.devices.contains(device) }
    }
}
