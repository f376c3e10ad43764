import Foundation
import GeoReminders
import Synchronization

/// The tokens and device ids the server accepts, read from the store at start and again whenever
/// it changes (a `token revoke` takes effect within a second), so that no request waits on a query.
public final class Credentials: Sendable {
    let state = Mutex<(tokens: [Data: APIToken], devices: Set<String>)>(([:], []))
    let store: ReminderStore

    public init(store: ReminderStore) throws {
        self.store = store
        try reload()
    }

    public func reload() throws {
        let tokens = try store.tokensByHash()
        // Only devices added with `device add`: ids first seen with a token are no OsmAnd credential.
        let devices = Set(try store.devices().filter { $0.tokenName == nil }.map(\.id))
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
