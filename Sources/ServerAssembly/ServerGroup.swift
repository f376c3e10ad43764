import GeoServer
import Logging
import ServiceLifecycle

/// Runs a server's services, then its HTTP application, under one ServiceGroup that stops on
/// SIGTERM/SIGINT in reverse order: the HTTP server first (in-flight requests finish), the first
/// service listed last.
enum ServerGroup {
    static func run(
        _ server: GeoServer, services: [any Service], settings: ServerLauncher.Settings, logger: Logger,
        onListening: @escaping @Sendable (Int) async -> Void
    ) async throws {
        let app = try server.application(
            host: settings.host, port: settings.port, limits: settings.limits, tls: settings.tls, logger: logger,
            onListening: onListening)
        let listening = ListeningApplication(app: app, host: settings.host, port: settings.port)
        let ordered = (services + [listening]).map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) }
        var configuration = ServiceGroupConfiguration(services: ordered, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // A stop that hangs (a database gone mid-shutdown) is cancelled, and the process ended
        // by the backstop if even that hangs: SIGTERM ends `serve` within ten seconds.
        configuration.maximumGracefulShutdownDuration = .seconds(gracefulStopSeconds)
        configuration.maximumCancellationDuration = nil
        let backstop = ShutdownBackstop(seconds: stopDeadlineSeconds)
        defer { backstop.cancel() }
        do {
            try await ServiceGroup(configuration: configuration).run()
        } catch {
            throw ServerStartError(error, host: settings.host, port: settings.port) ?? error
        }
    }

    /// Seconds the services have to stop in order after SIGTERM before they are cancelled.
    static let gracefulStopSeconds = 6
    /// Seconds after SIGTERM at which the process ends whatever is still running.
    static let stopDeadlineSeconds = 9.0
    /// Seconds after a failure to start at which the process ends whatever is still running
    /// (nothing was taken yet that needs saving).
    static let startFailureSeconds = 5.0
}

/// The HTTP application, which when it fails (it cannot listen) makes sure the process ends
/// within ``ServerGroup/startFailureSeconds`` even if another service does not stop when
/// cancelled: a failure to start is one `error:` line and an exit, never a process left waiting.
struct ListeningApplication: Service {
    let app: any Service
    let host: String
    let port: Int

    func run() async throws {
        do {
            try await app.run()
        } catch {
            let reason = ServerStartError(error, host: host, port: port)?.description ?? "\(error)"
            ShutdownBackstop.exit(after: ServerGroup.startFailureSeconds, message: "error: \(reason)")
            throw error
        }
    }
}
