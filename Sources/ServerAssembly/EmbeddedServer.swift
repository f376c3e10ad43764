import Delivery
import GeoReminders
import GeoServer
import LiveEvaluation
import Logging
import ServiceLifecycle

/// `serve` on a SQLite file: the evaluation lock (one evaluating process per file), the evaluator,
/// credentials re-read when the file's tokens change, and the dispatcher on the same file.
enum EmbeddedServer {
    static func assemble(
        store: ReminderStore, path: String, settings: ServerLauncher.Settings, transport: HTTPWebhookTransport?, logger: Logger
    ) throws -> AssembledServer {
        let lock = try EvaluationLock(storePath: path)
        let metrics = ServerMetrics()
        let evaluator = try LiveEvaluator(store: store, options: settings.engine, lateAfter: settings.lateAfter, logger: logger) {
            record in metrics.committed(requests: record.requests, firedByKind: record.firedByKind, devicesSeen: record.devicesSeen)
        }
        let credentials = try Credentials(store: store)
        var server = GeoServer(
            backend: ServerBackend(store: store, evaluator: evaluator), credentials: credentials, metrics: metrics,
            places: settings.places)
        server.tiles = settings.tiles
        var services: [any Service] = []
        if let transport, let delivery = settings.delivery {
            services.append(WebhookDispatcher(store: store, transport: transport, mailer: delivery.mailer, options: delivery.options))
        }
        services += [evaluator, CredentialWatcher(credentials: credentials, store: store, logger: logger)]
        // The lock is held until the group has stopped.
        return AssembledServer(server: server, services: services, close: { withExtendedLifetime(lock) {} })
    }
}
