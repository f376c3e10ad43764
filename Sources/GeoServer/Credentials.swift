import Foundation
import GeoReminders
import Synchronization

/// The tokens and device ids the server accepts, read from the store at start and again whenever
/// it changes (a `token revoke` takes effect within a second), so that no request waits on a query.
/// On SQLite ``CredentialWatcher`` reloads them, on PostgreSQL ``SharedCredentialWatcher``.
package final class Credentials: Sendable {
    let state = Mutex(State())

    struct State {
        var tokens: [Data: APIToken] = [:]
        var devices: Set<String> = []
        /// Every known device's account, by device id: whose a posted device is.
        var owners: [String: String] = [:]
        /// Secrets found valid in this state: a phone sends its token with every fix, and hashing
        /// it each time was 2 % of a single-fix request. Only valid secrets are kept, so it is
        /// bounded by the number of tokens; a reload (a revocation) starts it afresh.
        var verified: [String: APIToken] = [:]
    }

    /// None yet: fill with ``replace(tokens:devices:)`` before serving.
    package init() {}

    package convenience init(store: ReminderStore) throws {
        self.init()
        try reload(from: store)
    }

    package func reload(from store: ReminderStore) throws {
        // Only devices added with `device add`: ids first seen with a token are no OsmAnd credential.
        let devices = try store.devices()
        replace(
            tokens: try store.tokensByHash(), devices: Set(devices.filter { $0.tokenName == nil }.map(\.id)),
            owners: Dictionary(devices.map { ($0.id, $0.account) }, uniquingKeysWith: { first, _ in first }))
    }

    /// `tokens` by their hash (``ReminderStore/tokenHash(_:)``); `devices` the ids added with
    /// `device add`; `owners` every device's account.
    package func replace(tokens: [Data: APIToken], devices: Set<String>, owners: [String: String]) {
        state.withLock { $0 = State(tokens: tokens, devices: devices, owners: owners) }
    }

    /// Whether `token` may post as `devices` (``DeviceClaim``).
    package func claim(_ devices: some Sequence<String>, by token: APIToken) -> DeviceClaim {
        let owners = state.withLock { $0.owners }
        return DeviceClaim(token: token, devices: devices) { owners[$0] }
    }

    /// The account a device belongs to, as last read; nil for one the store does not know.
    package func owner(of device: String) -> String? {
        state.withLock { $0.owners[device] }
    }

    /// Records devices just registered to `account`, before the watcher's next reload sees them.
    package func noteOwners(_ devices: [String], account: String) {
        state.withLock { state in
            for device in devices where state.owners[device] == nil { state.owners[device] = account }
        }
    }

    package func token(secret: String) -> APIToken? {
        if let token = state.withLock({ $0.verified[secret] }) { return token }
        let hash = ReminderStore.tokenHash(secret)
        // Looked up and remembered under one lock: a reload in between cannot leave a revoked
        // token remembered.
        return state.withLock { state in
            guard let token = state.tokens[hash] else { return nil }
            state.verified[secret] = token
            return token
        }
    }

    package func isRegistered(device: String) -> Bool {
        state.withLock { $0.devices.contains(device) }
    }
}
