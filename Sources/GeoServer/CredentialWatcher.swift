import GeoReminders
import Logging
import ServiceLifecycle

/// Re-reads tokens and devices whenever another process changes the store.
struct CredentialWatcher: Service {
    let credentials: Credentials
    let store: ReminderStore
    let logger: Logger

    func run() async throws {
        let changes = try store.changes(pollInterval: .milliseconds(250))
        // The change stream never ends by itself: cancel it when the service group shuts down.
        await cancelWhenGracefulShutdown {
            for await _ in changes {
                do {
                    try credentials.reload()
                } catch {
                    logger.error("reloading tokens and devices failed", metadata: ["error": "\(error)"])
                }
            }
        }
    }
}
