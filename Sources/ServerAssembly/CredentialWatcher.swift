import GeoReminders
import GeoServer
import Logging
import ServiceLifecycle

/// Re-reads tokens and devices whenever they change here or another process changes the store, at
/// most twice a second: under load re-reading every device after each change cost 7 % of an
/// Overland run. A revoked token is refused within 250 + 500 ms.
struct CredentialWatcher: Service {
    let credentials: Credentials
    let store: ReminderStore
    let logger: Logger

    func run() async throws {
        let changes = try store.changes(of: .credentials, pollInterval: .milliseconds(250))
        // The change stream never ends by itself: cancel it when the service group shuts down.
        await cancelWhenGracefulShutdown {
            for await _ in changes {
                do {
                    try credentials.reload(from: store)
                } catch {
                    logger.error("reloading tokens and devices failed", metadata: ["error": "\(error)"])
                }
                // Changes meanwhile coalesce into one element of the stream.
                try? await Task.sleep(for: .milliseconds(500))
            }
        }
    }
}
