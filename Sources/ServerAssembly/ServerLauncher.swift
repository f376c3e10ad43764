import Foundation
import GeoReminders
import GeofenceEngine
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import LiveEvaluation
import Logging
import ServiceLifecycle
import SharedEvaluation
import SharedStore

/// Starts `georemind serve`: on SQLite, the evaluation lock, the evaluator, the HTTP application and the
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
        /// On a shared PostgreSQL store: this instance's name in the lease table, and how long its
        /// leases last unrenewed.
        public var instance = ""
        public var leaseSeconds = 8.0
        /// Idle, request and connection-count bounds of the HTTP server.
        public var limits = ConnectionLimits()
        /// HTTPS with this certificate and key; nil answers plain HTTP.
        public var tls: ServerTLS?

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
        try await runGroup(
            server, services: services + [evaluator, CredentialWatcher(credentials: credentials, store: store, logger: logger)],
            settings: settings, logger: logger, onListening: onListening)
        withExtendedLifetime(lock) {}
    }

    /// Starts an instance on a shared PostgreSQL store (docs/scaling.md): no file lock (instances
    /// share the database by design); the partitions' evaluator, a small connection pool for the
    /// requests' inbox posts, credentials re-read every second, and the HTTP application.
    /// - Parameter services: what the front adds (the webhook dispatcher on the shared store).
    public static func runShared(
        address: PostgresAddress, settings: Settings, services: [any Service] = [], logger: Logger,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        // The schema first (created or upgraded under its advisory lock), then what requests need
        // from the first one on.
        let setup = try await SharedDatabase.open(address)
        let partitions: DevicePartition
        let credentials = Credentials()
        do {
            partitions = try await SharedDatabase.partitioning(setup)
            credentials.replace(
                tokens: try await SharedCredentials.tokensByHash(on: setup),
                devices: try await SharedCredentials.registeredDevices(on: setup),
                owners: try await SharedCredentials.deviceOwners(on: setup))
            try await setup.close()
        } catch {
            try? await setup.close()
            throw error
        }
        let metrics = ServerMetrics()
        let client = SharedDatabase.pool(address, connections: Self.sharedConnections, logger: logger)
        var evaluation = PartitionedEvaluator.Settings(owner: settings.instance)
        evaluation.options = settings.engine
        evaluation.lateAfter = settings.lateAfter
        evaluation.leaseSeconds = settings.leaseSeconds
        let evaluator = PartitionedEvaluator(address: address, settings: evaluation, logger: logger) { metrics.partitionCommitted($0) }
        // The REST API's and event stream's connections (as many as NIO's blocking pool runs calls
        // at once), working as the command line does.
        let workspace = try await SharedWorkspace.open(
            address, connections: ProcessInfo.processInfo.activeProcessorCount, reachable: { evaluator.isConnected })
        let ingestion = InboxIngestion(
            client: client, partitions: partitions, committers: Self.sharedConnections, reachable: { evaluator.isConnected })
        let server = GeoServer(
            sharedIngestion: ingestion,
            workspace: workspace, liveView: SharedLiveView(client: client), credentials: credentials, metrics: metrics,
            places: settings.places)
        do {
            // The pool after the added services: it stops after the evaluator and the HTTP server that use it.
            try await runGroup(
                server,
                services: services + [
                    client, evaluator,
                    SharedCredentialWatcher(credentials: credentials, ingestion: ingestion, client: client, logger: logger),
                ],
                settings: settings, logger: logger, onListening: onListening)
        } catch {
            await workspace.close()
            throw error
        }
        await workspace.close()
    }

    /// Runs `services`, then the HTTP application on the settings' address, under one ServiceGroup
    /// that stops on SIGTERM/SIGINT in reverse order: the HTTP server first (in-flight requests
    /// finish), the first service listed last.
    static func runGroup(
        _ server: GeoServer, services: [any Service], settings: Settings, logger: Logger,
        onListening: @escaping @Sendable (Int) async -> Void
    ) async throws {
        let limits = settings.limits
        let http1 = HTTPServerBuilder.http1(
            configuration: .init(
                additionalChannelHandlers: [RequestDeadlineHandler(seconds: limits.requestSeconds)],
                idleTimeout: .nanoseconds(Int64(limits.idleSeconds * 1_000_000_000))))
        let app = Application(
            router: server.router(),
            server: try settings.tls.map { try .tls(http1, tlsConfiguration: $0.configuration) } ?? http1,
            configuration: .init(
                address: .hostname(settings.host, port: settings.port), serverName: "georemind",
                availableConnectionsDelegate: .maximum(limits.maxConnections, logger: logger)),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? settings.port) },
            logger: logger)
        let ordered = (services + [app]).map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) }
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

    /// Connections an instance's requests share: an inbox post is one short transaction.
    static let sharedConnections = 4
}
