import Foundation
import GeoReminders
import Synchronization

/// The tokens and device ids the server accepts, read from the store at start and again whenever
/// it changes (a `token revoke` takes effect within a second), so that no request waits on a query.
public final class Credentials: Sendable {
    let state = Mutex(State())

    struct State {
        var tokens: [Data: APIToken] = [:]
        var devices: Set<String> = []
        /// Secrets found valid in this state: a phone sends its token with every fix, and hashing
        /// it each time was 2 % of a single-fix request. Only valid secrets are kept, so it is
        /// bounded by the number of tokens; a reload (a revocation) starts it afresh.
        var verified: [String: APIToken] = [:]
    }
    let store: ReminderStore

    public init(store: ReminderStore) throws {
        self.store = store
        try reload()
    }

    public func reload() throws {
        let tokens = try store.tokensByHash()
        // Only devices added with `device add`: ids first seen with a token are no OsmAnd credential.
        let devices = Set(try store.devices().filter { $0.tokenName == nil }.map(\.id))
        state.withLock { $0 = State(tokens: tokens, devices: devices) }
    }

    public func token(secret: String) -> APIToken? {
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

    public func isRegistered(device: String) -> Bool {
        state.withLock { $0.devices.contains(device) }
    }
}
