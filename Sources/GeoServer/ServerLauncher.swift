import Foundation
import GeoReminders
import GeofenceEngine
import Hummingbird
import LiveEvaluation
import Logging
import ServiceLifecycle

/// Starts `georemind serve`: the evaluation lock, the evaluator, the HTTP application and the
/// services the front adds (the webhook dispatcher), all under one ServiceGroup that stops on
/// SIGTERM/SIGINT — the HTTP server first (in-flight requests finish), then the evaluator, which
/// checkpoints, then the rest.
public enum ServerLauncher {
    /// What `serve` was asked for.
    public struct Settings: Sendable {
        public var host = "127.0.0.1"
        public var port = 8080
        public var engine = EngineOptions()
        /// An alarm fired by a fix older than this many seconds is recorded late.
        public var lateAfter = AlarmEvaluator.defaultLateAfter
        /// The map data's places, for `at` in API requests and `GET /api/v1/places`.
        public var places = PlaceDirectory.empty
        /// The live page's base tiles (`https://tile.example.org/{z}/{x}/{y}.png`); nil for none.
        public var tiles: String?

        public init() {}
    }

    public static func run(
        store: ReminderStore, storePath: String, settings: Settings, services: [any Service] = [], logger: Logger,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let lock = try EvaluationLock(storePath: storePath)
        let metrics = ServerMetrics()
        let evaluator = try LiveEvaluator(store: store, options: settings.engine, lateAfter: settings.lateAfter, logger: logger) {
            record in metrics.committed(requests: record.requests, firedByKind: record.firedByKind, devicesSeen: record.devicesSeen)
        }
        let credentials = try Credentials(store: store)
        var server = GeoServer(evaluator: evaluator, credentials: credentials, metrics: metrics, store: store, places: settings.places)
        server.tiles = settings.tiles
        let app = Application(
            router: server.router(),
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "georemind"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? settings.port) },
            logger: logger)
        let ordered: [ServiceGroupConfiguration.ServiceConfiguration] =
            services.map { .init(service: $0) } + [
                .init(service: evaluator),
                .init(service: CredentialWatcher(credentials: credentials, store: store, logger: logger)),
                .init(service: app),
            ]
        // Services stop in reverse order: the HTTP server first, the added services last.
        let group = ServiceGroup(configuration: .init(services: ordered, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
        withExtendedLifetime(lock) {}
    }
}
