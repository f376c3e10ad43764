import GeoServer
import Logging
import PostgresNIO
import ServiceLifecycle
import SharedEvaluation
import SharedStore

/// Re-reads tokens and registered devices from a shared PostgreSQL store every second (no change
/// notifications cross instances): a token revoked through any instance is refused within that.
/// Writes the last uses of tokens and devices the instance's requests made on the same beat, and
/// what is waiting at shutdown.
struct SharedCredentialWatcher: Service {
    let credentials: Credentials
    let ingestion: InboxIngestion
    let client: PostgresClient
    let logger: Logger
    static let interval = Duration.seconds(1)

    /// Reads them once; the launcher does so before serving.
    static func load(into credentials: Credentials, from client: PostgresClient) async throws {
        let (tokens, devices, owners) = try await client.withConnection { db in
            (
                try await SharedCredentials.tokensByHash(on: db), try await SharedCredentials.registeredDevices(on: db),
                try await SharedCredentials.deviceOwners(on: db)
            )
        }
        credentials.replace(tokens: tokens, devices: devices, owners: owners)
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.interval)
                do {
                    try await Self.load(into: credentials, from: client)
                    try await ingestion.recordUses()
                } catch {
                    logger.error("reloading tokens and devices failed", metadata: ["error": "\(error)"])
                }
            }
        }
        do {
            // Bounded: the pool waits for a connection as long as the database is away.
            try await Deadline.within(seconds: 2) { [ingestion] in try await ingestion.recordUses(force: true) }
        } catch {
            logger.warning("last uses not recorded at shutdown", metadata: ["error": "\(error)"])
        }
    }
}
