import Delivery
import Foundation
import GeoReminders
import GeoServer
import Logging
import PostgresNIO
import ServiceLifecycle
import SharedEvaluation
import SharedStore

/// An instance of `serve` on a shared PostgreSQL store (docs/scaling.md): no file lock (instances
/// share the database by design); the partitions' evaluator, a small connection pool for the
/// requests' inbox posts, credentials re-read every second, the REST API on working copies, and a
/// dispatcher whose claims share the deliveries with the other instances'.
enum SharedServer {
    /// Connections an instance's requests share: an inbox post is one short transaction.
    static let connections = 4

    static func assemble(
        address: PostgresAddress, settings: ServerLauncher.Settings, transport: HTTPWebhookTransport?, logger: Logger
    ) async throws -> AssembledServer {
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
        let client = SharedDatabase.pool(address, connections: connections, logger: logger)
        var evaluation = PartitionedEvaluator.Settings(owner: settings.instance)
        evaluation.options = settings.engine
        evaluation.lateAfter = settings.lateAfter
        evaluation.leaseSeconds = settings.leaseSeconds
        let evaluator = PartitionedEvaluator(address: address, settings: evaluation, logger: logger) { metrics.partitionCommitted($0) }
        // The REST API's and event stream's connections (as many as NIO's blocking pool runs calls
        // at once), working as the command line does.
        let workspace = try await SharedWorkspace.open(
            address, connections: ProcessInfo.processInfo.activeProcessorCount, reachable: { evaluator.isConnected })
        var delivery: SharedDelivery?
        var services: [any Service] = []
        do {
            if let transport, let settings = settings.delivery {
                let store = try await SharedDelivery.open(address)
                delivery = store
                services.append(WebhookDispatcher(store: store, transport: transport, mailer: settings.mailer, options: settings.options))
            }
        } catch {
            await workspace.close()
            throw error
        }
        let ingestion = InboxIngestion(
            client: client, partitions: partitions, committers: connections, reachable: { evaluator.isConnected })
        let backend = ServerBackend(
            ingestion: ingestion, liveView: SharedLiveView(client: client), access: workspace, outbox: workspace, devices: workspace,
            replyStates: workspace, regionStamps: workspace, syncStates: workspace, readsWaitOnNetwork: true)
        var server = GeoServer(backend: backend, credentials: credentials, metrics: metrics, places: settings.places)
        server.tiles = settings.tiles
        // The pool after the dispatcher: it stops after the evaluator and the HTTP server that use it.
        services += [
            client, evaluator, SharedCredentialWatcher(credentials: credentials, ingestion: ingestion, client: client, logger: logger),
        ]
        return AssembledServer(
            server: server, services: services,
            close: { [delivery] in
                await workspace.close()
                await delivery?.close()
            })
    }
}
