import Delivery
import Foundation
import GeoReminders
import GeoServer
import GeofenceEngine
import Logging
import ServiceLifecycle
import SharedStore

/// Starts `georemind serve`: the one place that knows which store engine is behind the server.
/// It builds the ``GeoServer/ServerBackend`` and the services of that engine (``EmbeddedServer``
/// for a SQLite file, ``SharedServer`` for PostgreSQL), then runs them and the HTTP application
/// under one ServiceGroup that stops on SIGTERM/SIGINT: the HTTP server first (in-flight requests
/// finish), then the evaluator, which saves its state, then the rest.
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
        /// How alerts leave from this process; nil: they wait for `georemind deliver`.
        public var delivery: DeliverySettings?

        public init() {}
    }

    /// The dispatcher's settings: every instance runs one, and their claims share the deliveries.
    public struct DeliverySettings: Sendable {
        public var mailer: SMTPMailer?
        public var options: DispatcherOptions

        public init(mailer: SMTPMailer?, options: DispatcherOptions) {
            self.mailer = mailer
            self.options = options
        }
    }

    /// The store `serve` runs on, as the command line opened it.
    public enum Store: Sendable {
        /// A SQLite file, opened; `path` names it for the evaluation lock.
        case file(ReminderStore, path: String)
        case postgres(PostgresAddress)
    }

    public static func run(
        _ store: Store, settings: Settings, logger: Logger, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let transport = settings.delivery == nil ? nil : HTTPWebhookTransport()
        let assembled: AssembledServer
        do {
            switch store {
            case let .file(store, path):
                assembled = try EmbeddedServer.assemble(store: store, path: path, settings: settings, transport: transport, logger: logger)
            case let .postgres(address):
                assembled = try await SharedServer.assemble(address: address, settings: settings, transport: transport, logger: logger)
            }
        } catch {
            try? await transport?.shutdown()
            throw error
        }
        do {
            try await ServerGroup.run(
                assembled.server, services: assembled.services, settings: settings, logger: logger, onListening: onListening)
        } catch {
            await assembled.close()
            try? await transport?.shutdown()
            throw error
        }
        await assembled.close()
        try? await transport?.shutdown()
    }
}

/// A server built for one engine: its front, the services it runs beside the HTTP application
/// (first listed, last stopped), and what to close once they stopped.
struct AssembledServer: Sendable {
    var server: GeoServer
    var services: [any Service]
    var close: @Sendable () async -> Void
}
