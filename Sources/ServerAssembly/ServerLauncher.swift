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
package enum ServerLauncher {
    /// What `serve` was asked for.
    package struct Settings: Sendable {
        package var host = "127.0.0.1"
        package var port = 8080
        package var engine = EngineOptions()
        /// An alarm fired by a fix older than this many seconds is recorded late.
        package var lateAfter = AlarmEvaluator.defaultLateAfter
        /// The map data's places, for `at` in API requests and `GET /api/v1/places`.
        package var places = PlaceDirectory.empty
        /// The live page's base tiles (`https://tile.example.org/{z}/{x}/{y}.png`); nil for none.
        package var tiles: String?
        /// On a shared PostgreSQL store: this instance's name in the lease table, and how long its
        /// leases last unrenewed.
        package var instance = ""
        package var leaseSeconds = 8.0
        /// Idle, request and connection-count bounds of the HTTP server.
        package var limits = ConnectionLimits()
        /// HTTPS with this certificate and key; nil answers plain HTTP.
        package var tls: ServerTLS?
        /// How alerts leave from this process; nil: they wait for `georemind deliver`.
        package var delivery: DeliverySettings?

        package init() {}
    }

    /// The dispatcher's settings: every instance runs one, and their claims share the deliveries.
    package struct DeliverySettings: Sendable {
        package var mailer: SMTPMailer?
        package var options: DispatcherOptions

        package init(mailer: SMTPMailer?, options: DispatcherOptions) {
            self.mailer = mailer
            self.options = options
        }
    }

    /// The store `serve` runs on, as the command line opened it.
    package enum Store: Sendable {
        /// A SQLite file, opened; `path` names it for the evaluation lock.
        case file(ReminderStore, path: String)
        case postgres(PostgresAddress)
    }

    package static func run(
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
