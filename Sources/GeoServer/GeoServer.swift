import CalDAV
import Foundation
import GeoReminders
import GeofenceEngine
import HTTPTypes
import Hummingbird
import LiveEvaluation
import LocationProtocols
import Logging
import NIOPosix

/// The HTTP front of `georemind serve`: each route decodes its client's request with
/// LocationProtocols, hands the fixes to the backend's ``FixIngestion`` (the ``LiveEvaluator`` on
/// SQLite, the partitions' inboxes on PostgreSQL) and answers as that client expects
/// (docs/serve.md). No product rule lives here, and no store engine: it sees a ``ServerBackend``.
package struct GeoServer: Sendable {
    package let ingestion: any FixIngestion
    /// Where the live map's devices come from: the SQLite server's evaluator, or a shared store's
    /// `deviceLive` rows.
    package let liveView: any LiveViewSource
    package let credentials: Credentials
    package let metrics: ServerMetrics
    /// The store behind the REST API: the SQLite file, or a shared PostgreSQL store's working copies.
    package let access: any StoreAccess
    /// The outbox the event stream and `GET /api/v1/events` read, on the same store.
    package let outbox: any OutboxReading
    /// Where CalDAV's sync tokens are recorded.
    let syncStates: any SyncStates
    /// Where a post's new devices are registered, by key.
    let devices: any DeviceRegistry
    /// The webhook endpoints for `/metrics`' gauges (``ServerBackend/webhookEndpoints``).
    let webhookEndpoints: (@Sendable () throws -> [WebhookEndpoint])?
    /// ``ServerBackend/readsWaitOnNetwork``.
    let readsWaitOnNetwork: Bool
    package let places: PlaceDirectory
    /// What each OwnTracks phone is told in the reply to its post (alerts, regions).
    package let phoneReplies: PhoneReplies
    /// Speed and battery as the apps last reported them, for the live map.
    package let readings = LatestReadings()
    /// Where Debian's libjs-leaflet is, and the tile template of the live page.
    package var leafletDirectory = "/usr/share/javascript/leaflet"
    package var tiles: String?
    /// Seconds a client is asked to wait before posting again when its fixes were not committed.
    static let retryAfterSeconds = 5
    /// Largest body read (an Overland batch of 1,000 points is about 500 kB).
    static let maxBody = 8 << 20

    package init(backend: ServerBackend, credentials: Credentials, metrics: ServerMetrics, places: PlaceDirectory = .empty) {
        self.ingestion = backend.ingestion
        self.liveView = backend.liveView
        self.access = backend.access
        self.outbox = backend.outbox
        self.syncStates = backend.syncStates
        self.devices = backend.devices
        self.webhookEndpoints = backend.webhookEndpoints
        self.readsWaitOnNetwork = backend.readsWaitOnNetwork
        self.phoneReplies = PhoneReplies(
            access: backend.access, outbox: backend.outbox, states: backend.replyStates, stamps: backend.regionStamps)
        self.places = places
        self.credentials = credentials
        self.metrics = metrics
    }

    package func router() -> Router<ServerContext> {
        router(recordingIn: RouteTable())
    }

    /// The router, its routes recorded in `routes` (the authorization matrix test reads them).
    func router(recordingIn routes: RouteTable) -> Router<ServerContext> {
        let router = Router(context: ServerContext.self)
        router.add(middleware: RequestMetricsMiddleware(metrics: metrics))
        router.add(middleware: ErrorResponseMiddleware(routes: routes))
        router.add(middleware: AuthenticationMiddleware(credentials: credentials))
        router.add(middleware: CalDAVMiddleware(service: CalDAVService(access: access, history: SyncHistory(store: syncStates))))
        let root = RouteGroup(router, recordingIn: routes)
        root.on("/healthz", .get) { _, _ in Self.json(.ok, #"{"status":"ok"}"#) }
        root.on("/readyz", .get) { [ingestion] _, _ in
            ingestion.isCommitting
                ? Self.json(.ok, #"{"status":"ready"}"#)
                : Self.json(.serviceUnavailable, #"{"status":"unavailable","error":"the store refuses commits"}"#)
        }
        root.on("/metrics", .get) { _, _ in
            if let endpoints = try? webhookEndpoints?() {
                metrics.webhooks(endpoints.map { ($0.url, $0.pendingCount, $0.failingSince != nil || $0.isDisabled) })
            }
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.text())))
        }
        root.on("/owntracks", .post) { request, context in try await owntracks(request, context) }
        root.on("/osmand", .get) { request, context in try await osmand(request, context) }
        root.on("/osmand", .post) { request, context in try await osmand(request, context) }
        root.on("/overland", .post) { request, context in try await overland(request, context) }
        root.on("/gpslogger", .get) { request, context in try await gpslogger(request, context) }
        // The API's OpenAPI 3.1 description (Sources/GeoServer/Resources/openapi.json, compiled in).
        root.on("/openapi.json", .get) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(bytes: PackageResources.openapi_json)))
        }
        root.on("/events", .get) { [outbox, access] request, context in
            do {
                let visible: @Sendable (String) throws -> Set<String> = { account in
                    try access.reading(.reminders, .seenBy(account: account)) { try $0.reminderIDs(visibleTo: account) }
                }
                return try await EventStream(outbox: outbox, visibleReminders: visible).response(request, context)
            } catch {
                let failure = APIError(error)
                return failure.response
            }
        }
        let api = ReminderAPI(access: access, outbox: outbox, places: places)
        let version1 = root.group("api/v1")
        api.register(on: version1)
        ChannelAPI(api: api).register(on: version1)
        AdminAPI(api: api).register(on: version1)
        DoneLinkRoute(access: access).register(on: root)
        let scope: @Sendable (APIToken, LiveView) throws -> LiveView = { [access, credentials] token, view in
            let visible = try access.reading(.reminders, .seenBy(account: token.account)) { try $0.reminderIDs(visibleTo: token.account) }
            // Another instance may have registered a device since this one's credentials were read.
            var owners: [String: String] = [:]
            if view.devices.contains(where: { credentials.owner(of: $0.id) == nil }) {
                for device in try access.reading(.credentials, { try $0.devices() }) { owners[device.id] = device.account }
            }
            return view.seen(owning: { (credentials.owner(of: $0) ?? owners[$0]) == token.account }, reading: visible)
        }
        LivePage(source: liveView, readings: readings, leafletDirectory: leafletDirectory, tiles: tiles, scope: scope).register(on: root)
        return router
    }

    func owntracks(_ request: Request, _ context: ServerContext) async throws -> Response {
        guard let token = context.token, token.scope.allows(.ingest) else { return Self.unauthorized(basic: true) }
        let received = Date()
        let body = try await Self.bytes(request)
        let report: LocationReport
        do {
            report = try OwnTracksMessage.decode(
                body: body, limitUser: request.headers[HTTPField.Name("X-Limit-U")!],
                limitDevice: request.headers[HTTPField.Name("X-Limit-D")!], basicUser: context.basicUser)
        } catch {
            // The iOS app deletes a message on any 4xx: a malformed one is counted and dropped
            // with a 200, the only answer that does not also drop good data queued behind it.
            metrics.badRequest(reason: error.reason, endpoint: "owntracks")
            context.logger.info("owntracks message dropped", metadata: ["error": "\(error)"])
            return Self.json(.ok, "[]")
        }
        for type in report.ignored { metrics.ignoredMessages(1, type: type) }
        try await ingest(report, token: token, protocol: "owntracks", context)
        return Self.json(.ok, await owntracksReply(body: body, request, received: received, context))
    }

    /// The reply body for the phone that posted `body`: its pending alerts and changed regions
    /// (``PhoneReplies``), `[]` when there is nothing to say or the store cannot say it now (the
    /// fix is committed; what is pending stays pending for the next post).
    ///
    /// On a shared store the reads wait on PostgreSQL: they run on NIO's blocking pool, since on
    /// Swift concurrency's few threads a burst of posts would starve the heartbeats (one instance
    /// under load then found itself "unreachable" and refused fixes). On SQLite they are local
    /// and short, and run inline.
    func owntracksReply(body: [UInt8], _ request: Request, received: Date, _ context: ServerContext) async -> String {
        guard
            let envelope = OwnTracksMessage.envelope(
                body: body, limitUser: request.headers[HTTPField.Name("X-Limit-U")!],
                limitDevice: request.headers[HTTPField.Name("X-Limit-D")!], basicUser: context.basicUser)
        else { return "[]" }
        do {
            let compose: @Sendable () throws -> PhoneReply = { [phoneReplies] in
                try phoneReplies.reply(
                    to: envelope.device, messageDate: envelope.time, position: envelope.position, receivedDate: received)
            }
            let reply = readsWaitOnNetwork ? try await NIOThreadPool.singleton.runIfActive(compose) : try compose()
            return OwnTracksReply(reply).json
        } catch {
            context.logger.error("owntracks reply not composed", metadata: ["error": "\(error)"])
            return "[]"
        }
    }

    func osmand(_ request: Request, _ context: ServerContext) async throws -> Response {
        let body = request.method == .post ? try await Self.bytes(request) : []
        let report: LocationReport
        do {
            report = try OsmAndRequest.decode(
                query: Substring(request.uri.query ?? ""), body: body,
                contentType: request.headers[.contentType])
        } catch {
            return bad(error, endpoint: "osmand")
        }
        // The device id is the credential; an unknown one gets the same 404 as a wrong path.
        guard report.fixes.allSatisfy({ $0.device.map(credentials.isRegistered) ?? false }) else {
            metrics.rejected(report.fixes.count, reason: "unknown-device")
            return Self.json(.notFound, #"{"error":"not found"}"#)
        }
        try await ingest(report, token: nil, protocol: "osmand", context)
        return Response(status: .ok)
    }

    func overland(_ request: Request, _ context: ServerContext) async throws -> Response {
        guard let token = context.token, token.scope.allows(.ingest) else { return Self.unauthorized(basic: false) }
        let body = try await Self.bytes(request)
        let report: LocationReport
        do {
            report = try OverlandBatch.decode(body: body, defaultDevice: token.name)
        } catch {
            return bad(error, endpoint: "overland")
        }
        try await ingest(report, token: token, protocol: "overland", context)
        // Overland empties its queue only on 2xx with a JSON content type and this body.
        return Self.json(.ok, #"{"result":"ok"}"#)
    }

    func gpslogger(_ request: Request, _ context: ServerContext) async throws -> Response {
        guard let token = context.token, token.scope.allows(.ingest) else { return Self.unauthorized(basic: true) }
        let report: LocationReport
        do {
            report = try GPSLoggerRequest.decode(query: Substring(request.uri.query ?? ""), defaultDevice: token.name)
        } catch {
            return bad(error, endpoint: "gpslogger")
        }
        try await ingest(report, token: token, protocol: "gpslogger", context)
        return Response(status: .ok)
    }

    func ingest(_ report: LocationReport, token: APIToken?, protocol name: String, _ context: ServerContext) async throws {
        guard !report.fixes.isEmpty || !report.crossings.isEmpty else { return }
        if let token { try await claim(report, by: token) }
        let outcome: IngestOutcome
        do {
            outcome = try await ingestion.submit(report.fixes, crossings: report.crossings, tokenName: token?.name)
            readings.record(report.readings)
        } catch {
            context.logger.error("fixes not committed", metadata: ["error": "\(error)"])
            // Every app retries a non-2xx answer; Retry-After paces those that read it.
            throw HTTPError(.serviceUnavailable, headers: [.retryAfter: "\(Self.retryAfterSeconds)"], message: "\(error)")
        }
        metrics.admitted(outcome.admitted, protocol: name)
        metrics.queued(outcome.queued, protocol: name)
        for (reason, count) in outcome.rejected { metrics.rejected(count, reason: reason.rawValue) }
        metrics.crossings(outcome.crossings)
    }

    /// Refuses (403, nothing taken) a post naming a device the token may not post as, and
    /// registers the devices nobody has yet to the token's account before their fixes are
    /// evaluated, so the evaluator knows whose they are (docs/people.md). The write runs on NIO's
    /// blocking pool: a store that stops answering must not hold Swift concurrency's few threads,
    /// which the heartbeats that notice it need.
    func claim(_ report: LocationReport, by token: APIToken) async throws {
        switch credentials.claim(report.devices, by: token) {
        case let .refused(device):
            metrics.rejected(report.fixes.count + report.crossings.count, reason: "foreign-device")
            throw HTTPError(.forbidden, message: "this token may not post as device '\(device)'")
        case let .allowed(newDevices) where !newDevices.isEmpty:
            do {
                try await NIOThreadPool.singleton.runIfActive { [devices] in
                    try devices.registerDevices(newDevices.map { ($0, token.name) })
                }
            } catch {
                // As a commit that failed: the phone sends the fix again later.
                throw HTTPError(.serviceUnavailable, headers: [.retryAfter: "\(Self.retryAfterSeconds)"], message: "\(error)")
            }
            credentials.noteOwners(newDevices, account: token.account)
        case .allowed:
            break
        }
    }

    func bad(_ error: LocationProtocolError, endpoint: String) -> Response {
        metrics.badRequest(reason: error.reason, endpoint: endpoint)
        return Self.json(.badRequest, Self.errorJSON(error.description))
    }

    static func bytes(_ request: Request) async throws -> [UInt8] {
        do {
            let buffer = try await request.body.collect(upTo: maxBody)
            return Array(buffer.readableBytesView)
        } catch {
            throw HTTPError(.contentTooLarge, message: "the body is larger than \(maxBody) bytes")
        }
    }

    static func unauthorized(basic: Bool) -> Response {
        Response(
            status: .unauthorized,
            headers: [.contentType: "application/json", .wwwAuthenticate: basic ? #"Basic realm="georemind""# : "Bearer"],
            body: .init(byteBuffer: ByteBuffer(string: #"{"error":"a valid token is required"}"#)))
    }

    static func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func errorJSON(_ message: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: ["error": message])) ?? Data(#"{"error":"bad request"}"#.utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
