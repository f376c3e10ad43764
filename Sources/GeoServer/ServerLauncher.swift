import GeoReminders
import GeofenceEngine
import Hummingbird
import LiveEvaluation
import Logging
import ServiceLifecycle

/// Starts `georemind serve`: the evaluation lock, the evaluator, the HTTP application, all under
/// one ServiceGroup that stops on SIGTERM/SIGINT — the HTTP server first (in-flight requests
/// finish), then the evaluator, which checkpoints.
public enum ServerLauncher {
    public static func run(store: ReminderStore, storePath: String, host: String, port: Int,
                           options: EngineOptions, logger: Logger,
                           onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let lock = try EvaluationLock(storePath: storePath)
        let metrics = ServerMetrics()
        let evaluator = try LiveEvaluator(store: store, options: options, logger: logger) { record in
            metrics.committed(requests: record.requests, firedByKind: record.firedByKind)
        }
        let credentials = try Credentials(store: store)
        let server = GeoServer(evaluator: evaluator, credentials: credentials, metrics: metrics)
        let app = Application(router: server.router(),
                              configuration: .init(address: .hostname(host, port: port), serverName: "georemind"),
                              onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
                              logger: logger)
        let group = ServiceGroup(configuration: .init(
            services: [.init(service: evaluator), .init(service: CredentialWatcher(credentials: credentials, store: store, logger: logger)),
                       .init(service: app)],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
        withExtendedLifetime(lock) {}
    }
}
