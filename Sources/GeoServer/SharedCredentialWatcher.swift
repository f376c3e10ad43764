import Logging
import PostgresNIO
import ServiceLifecycle
import SharedStore

/// Re-reads tokens and registered devices from a shared PostgreSQL store every second (no change
/// notifications cross instances): a token revoked through any instance is refused within that.
struct SharedCredentialWatcher: Service {
    let credentials: Credentials
    let client: PostgresClient
    let logger: Logger
    static let interval = Duration.seconds(1)

    /// Reads them once; the launcher does so before serving.
    static func load(into credentials: Credentials, from client: PostgresClient) async throws {
        let (tokens, devices) = try await client.withConnection { db in
            (try await SharedCredentials.tokensByHash(on: db), try await SharedCredentials.registeredDevices(on: db))
        }
        credentials.replace(tokens: tokens, devices: devices)
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.interval)
                do {
                    try await Self.load(into: credentials, from: client)
                } catch {
                    logger.error("reloading tokens and devices failed", metadata: ["error": "\(error)"])
                }
            }
        }
    }
}
