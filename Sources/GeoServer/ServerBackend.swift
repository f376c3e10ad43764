import GeoReminders
import LiveEvaluation

/// What the HTTP front needs of the store engine, as protocols: built once by the server's
/// composition root (ServerAssembly) for a SQLite file or a shared PostgreSQL store, so that every
/// route is the same on both engines and can be tested with Hummingbird's router testing alone.
package struct ServerBackend: Sendable {
    /// Where the fixes of a post go: the SQLite evaluator, or the partitions' inboxes.
    package var ingestion: any FixIngestion
    /// Where the live map's devices come from.
    package var liveView: any LiveViewSource
    /// The store behind the REST API and CalDAV.
    package var access: any StoreAccess
    /// The outbox the event stream and `GET /api/v1/events` read, on the same store.
    package var outbox: any OutboxReading
    /// Where a post's new devices are registered, by key.
    package var devices: any DeviceRegistry
    /// What each OwnTracks phone was told, and whose it is.
    package var replyStates: any PhoneReplyStates
    /// What the phone regions depend on, read cheaply.
    package var regionStamps: any RegionStamps
    /// The CalDAV collection states sync tokens were handed out for.
    package var syncStates: any SyncStates
    /// The webhook endpoints for `/metrics`' delivery gauges; nil where the instance does not
    /// gauge them (a shared store's instances share the deliveries).
    package var webhookEndpoints: (@Sendable () throws -> [WebhookEndpoint])?
    /// The store's reads wait on a database across a connection: a reply is composed on NIO's
    /// blocking pool rather than inline (a local SQLite read is short).
    package var readsWaitOnNetwork: Bool

    package init(
        ingestion: any FixIngestion, liveView: any LiveViewSource, access: any StoreAccess, outbox: any OutboxReading,
        devices: any DeviceRegistry, replyStates: any PhoneReplyStates, regionStamps: any RegionStamps,
        syncStates: any SyncStates, webhookEndpoints: (@Sendable () throws -> [WebhookEndpoint])? = nil, readsWaitOnNetwork: Bool
    ) {
        self.ingestion = ingestion
        self.liveView = liveView
        self.access = access
        self.outbox = outbox
        self.devices = devices
        self.replyStates = replyStates
        self.regionStamps = regionStamps
        self.syncStates = syncStates
        self.webhookEndpoints = webhookEndpoints
        self.readsWaitOnNetwork = readsWaitOnNetwork
    }

    /// One process on a SQLite file: the store answers everything, the evaluator ingests and
    /// shows the live map.
    package init(store: ReminderStore, evaluator: LiveEvaluator) {
        self.init(
            ingestion: evaluator, liveView: evaluator, access: store, outbox: store, devices: store, replyStates: store,
            regionStamps: store, syncStates: store, webhookEndpoints: { try store.webhookEndpoints() }, readsWaitOnNetwork: false)
    }
}
