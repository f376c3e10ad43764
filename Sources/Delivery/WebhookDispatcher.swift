import Foundation
import GeoReminders
import ReminderViews
import ServiceLifecycle
import Synchronization

/// Delivers the outbox's events to the webhook endpoints: a swift-service-lifecycle `Service` that a
/// server adds to its `ServiceGroup`, or `georemind deliver` runs alone.
///
/// Each endpoint has its own worker, so a slow or dead endpoint delays no other. A worker keeps up to
/// ``DispatcherOptions/concurrencyPerEndpoint`` requests in flight, each the oldest queued event of a
/// different device, so one device's events arrive in order and a slow device's delivery does not hold
/// back another device's. Every state change is in the store: a restart, even after kill -9, resumes.
///
/// The store is any ``DeliveryStore``: the SQLite file, or a PostgreSQL store that several
/// instances' dispatchers share, each claim leased to one of them (``DispatcherOptions/owner``).
package final class WebhookDispatcher: Service {
    package let store: any DeliveryStore
    package let options: DispatcherOptions
    let transport: any WebhookTransport
    /// Sends the e-mail channels' alerts; nil: e-mail channels wait, queued, for a dispatcher that has one.
    let mailer: SMTPMailer?

    package init(
        store: any DeliveryStore, transport: any WebhookTransport, mailer: SMTPMailer? = nil,
        options: DispatcherOptions = DispatcherOptions()
    ) {
        self.store = store
        self.transport = transport
        self.mailer = mailer
        self.options = options
    }

    /// Set on graceful shutdown: claim nothing more, let the requests in flight finish and record
    /// their outcome (bounded by the request timeout), so a restart does not send them again.
    private let draining = Atomic<Bool>(false)

    private var isStopping: Bool { Task.isCancelled || draining.load(ordering: .relaxed) }

    /// The endpoints that may have work, as the last look at all of them found: events past their
    /// cursor, or deliveries queued (due now or later). A worker whose endpoint has none skips its
    /// round without touching the store, so a server with hundreds of quiet channels stays idle;
    /// absent: not looked at yet, so the worker looks itself.
    private let mayHaveWork = Mutex<[Int64: Bool]>([:])

    private func hasWork(_ endpointID: Int64) -> Bool {
        mayHaveWork.withLock { $0[endpointID] ?? true }
    }

    /// Runs until the task is cancelled, or until graceful shutdown has let the requests in flight finish.
    package func run() async throws {
        await withGracefulShutdownHandler {
            await self.runWorkers()
        } onGracefulShutdown: {
            self.draining.store(true, ordering: .relaxed)
        }
    }

    /// One pass: queues every endpoint's new events and attempts each delivery that is due now, until
    /// none is left due (retries scheduled later stay queued); prunes the outbox.
    package func runOnce() async throws -> DeliveryTally {
        var tally = DeliveryTally()
        let links = try await actionLinks()
        for endpoint in try await store.webhookEndpoints() where !endpoint.isDisabled {
            guard let format = EndpointFormat(endpoint, links: links, mails: mailer != nil) else {
                if endpoint.kind == .webhook { _ = try WebhookSecret(parsing: endpoint.secret) }
                continue
            }
            while try await store.queueOutboxEvents(endpointID: endpoint.id, limit: Self.queueBatch) > 0 {}
            while true {
                let claimed = try await store.claimWebhookDeliveries(
                    endpointID: endpoint.id, owner: options.owner,
                    lease: options.lease, limit: options.concurrencyPerEndpoint)
                if claimed.isEmpty { break }
                let attempts = await withTaskGroup(of: Attempt.self) { group in
                    for delivery in claimed {
                        group.addTask { await self.attempt(delivery, format: format) }
                    }
                    return await group.reduce(into: []) { $0.append($1) }
                }
                try await store.recordWebhookOutcomes(attempts)
                for (outcome, _) in attempts { tally.count(outcome) }
                if attempts.contains(where: { $0.0 == .gone }) { break }
            }
        }
        try await store.pruneOutbox(keep: options.keepEvents)
        return tally
    }

    private func runWorkers() async {
        await withTaskGroup(of: Void.self) { group in
            var started: Set<Int64> = []
            var lastPrune = Date.distantPast
            // Read once: the key never changes once the migration made it.
            var links: (base: String, key: String)?
            var linksRead = false
            while !isStopping {
                // A store that is busy for a moment (another process writing) is tried again next
                // round: a failure here must not end the service, and with it the server's group.
                do {
                    if !linksRead {
                        links = try await actionLinks()
                        linksRead = true
                    }
                    let endpoints = try await store.webhookEndpoints()
                    let head = try await store.lastOutboxSequence()
                    mayHaveWork.withLock { hints in
                        // An endpoint removed or disabled keeps its hint set: its worker then finds out and ends.
                        var fresh = Dictionary(uniqueKeysWithValues: started.map { ($0, true) })
                        for endpoint in endpoints where !endpoint.isDisabled {
                            fresh[endpoint.id] = endpoint.cursor < head || endpoint.pendingCount > 0
                        }
                        hints = fresh
                    }
                    for endpoint in endpoints where !endpoint.isDisabled && !started.contains(endpoint.id) {
                        guard let format = EndpointFormat(endpoint, links: links, mails: mailer != nil) else { continue }
                        started.insert(endpoint.id)
                        group.addTask { await self.work(endpointID: endpoint.id, format: format) }
                    }
                    if Date().timeIntervalSince(lastPrune) > 60 {
                        try await store.pruneOutbox(keep: options.keepEvents)
                        lastPrune = Date()
                    }
                } catch {}
                try? await Task.sleep(for: .milliseconds(250))
            }
            // Draining: each endpoint's loop returns once its requests in flight are recorded.
            if Task.isCancelled { group.cancelAll() }
        }
    }

    /// Outbox events queued per store transaction.
    static let queueBatch = 1000

    /// What an attempt came to, with the delivery it was for: recorded with others in one write.
    typealias Attempt = (DeliveryOutcome, WebhookDelivery)

    private enum Completion: Sendable {
        case delivery(DeliveryOutcome, WebhookDelivery)
        case tick
    }

    /// One endpoint's loop: queue new events, claim due heads of device queues up to the concurrency
    /// limit, and wait for either a completion or the poll interval before claiming again.
    ///
    /// Outcomes are recorded together, and new deliveries claimed, once half the requests in flight
    /// have finished (or at the poll interval): two write transactions per half-window of
    /// deliveries instead of two per delivery, which is what bounded a fast endpoint's rate.
    private func work(endpointID: Int64, format: EndpointFormat) async {
        await withTaskGroup(of: Completion.self) { group in
            var inFlight = 0
            var ticking = false
            var finished: [Attempt] = []
            // New events are looked for each poll interval, not after every completion: a write
            // transaction per completion is what a busy endpoint would otherwise spend its time on.
            var polled = true
            let refill = max(1, options.concurrencyPerEndpoint / 2)
            while !isStopping {
                // Nothing in flight, nothing to record, and nothing new for it: wait for the next tick.
                if inFlight == 0, finished.isEmpty, !hasWork(endpointID) { polled = false }
                if polled || inFlight > 0 || !finished.isEmpty {
                    do {
                        // A delivered head must be gone before its device's next event can be claimed.
                        if !finished.isEmpty {
                            try await store.recordWebhookOutcomes(finished)
                            finished.removeAll(keepingCapacity: true)
                        }
                        if polled {
                            guard try await store.isWebhookEnabled(id: endpointID) else { break }
                            // A full batch means more wait behind it: look again next round.
                            polled = try await store.queueOutboxEvents(endpointID: endpointID, limit: Self.queueBatch) == Self.queueBatch
                        }
                        let room = options.concurrencyPerEndpoint - inFlight
                        let claimed =
                            room > 0
                            ? try await store.claimWebhookDeliveries(
                                endpointID: endpointID, owner: options.owner, lease: options.lease, limit: room)
                            : []
                        for delivery in claimed {
                            inFlight += 1
                            group.addTask {
                                let (outcome, delivery) = await self.attempt(delivery, format: format)
                                return .delivery(outcome, delivery)
                            }
                        }
                    } catch {
                        // The store is busy or gone for a moment: try again after the poll interval
                        // (outcomes not recorded stay in `finished`; at worst a lease lapses and the
                        // event is sent again, which receivers deduplicate by webhook-id).
                        polled = false
                    }
                }
                // A backlog is queued batch after batch without waiting for completions.
                if polled { continue }
                if !ticking {
                    ticking = true
                    let interval = options.pollInterval
                    group.addTask {
                        try? await Task.sleep(for: .seconds(interval))
                        return .tick
                    }
                }
                // Wait until half the window is free (or the poll interval passes) before the next round.
                waiting: while true {
                    switch await group.next() {
                    case .delivery(let outcome, let delivery):
                        inFlight -= 1
                        finished.append((outcome, delivery))
                        if inFlight <= options.concurrencyPerEndpoint - refill || outcome == .gone { break waiting }
                    case .tick:
                        ticking = false
                        polled = true
                        break waiting
                    case nil: break waiting
                    }
                }
            }
            // Draining: wait for the requests in flight (each ends within the timeout) and record them.
            while inFlight > 0, !Task.isCancelled, let completion = await group.next() {
                if case .delivery(let outcome, let delivery) = completion {
                    inFlight -= 1
                    finished.append((outcome, delivery))
                }
            }
            try? await store.recordWebhookOutcomes(finished)
            group.cancelAll()
        }
    }

    /// Builds and sends one delivery; the caller records what came of it.
    func attempt(_ delivery: WebhookDelivery, format: EndpointFormat) async -> Attempt {
        let outcome: DeliveryOutcome
        do {
            let result: TransportResult
            if format.endpoint.kind == .email, let mailer {
                result = await Self.mail(
                    format.mail(for: delivery.event, from: mailer.server.from, now: Date()), with: mailer, timeout: options.timeout)
            } else {
                let request = try format.request(for: delivery.event, now: Date())
                result = await transport.post(url: request.url, headers: request.headers, body: request.body, timeout: options.timeout)
            }
            outcome = Self.outcome(of: result, for: delivery, policy: options.retry, now: Date())
        } catch {
            outcome = .gaveUp(status: nil, error: "cannot encode the event: \(error)")
        }
        return (outcome, delivery)
    }

    /// An SMTP conversation's end as a transport result: the final reply code (250 counts as
    /// success, as a 2xx does), a refusal's code (retried, as a 4xx or 5xx is), or no answer.
    static func mail(_ message: MailMessage, with mailer: SMTPMailer, timeout: TimeInterval) async -> TransportResult {
        do {
            return .response(status: try await mailer.send(message, timeout: timeout), retryAfter: nil)
        } catch SMTPError.refused(let code, _) {
            return .response(status: code, retryAfter: nil)
        } catch {
            return .failure(reason: "\(error)")
        }
    }

    /// Where Done links point and the key they are signed with; nil when no public URL was given.
    private func actionLinks() async throws -> (base: String, key: String)? {
        guard let base = options.actionBase else { return nil }
        let key = try await store.actionKey()
        return key.isEmpty ? nil : (base, key)
    }

    /// Success is any 2xx; 410 disables the endpoint; anything else (429, 5xx, other statuses, no
    /// response) is retried with backoff until ``RetryPolicy/retryFor`` has passed since the first attempt.
    static func outcome(of result: TransportResult, for delivery: WebhookDelivery, policy: RetryPolicy, now: Date) -> DeliveryOutcome {
        var status: Int?
        var error: String?
        var retryAfter: TimeInterval?
        switch result {
        case let .response(code, header):
            if (200..<300).contains(code) { return .delivered(status: code) }
            if code == 410 { return .gone }
            status = code
            retryAfter = RetryPolicy.retryAfter(header, now: now)
        case let .failure(reason):
            error = reason
        }
        let first = delivery.firstAttemptDate ?? now
        if now.timeIntervalSince(first) >= policy.retryFor { return .gaveUp(status: status, error: error) }
        let delay = policy.delay(afterFailures: delivery.attempts + 1, retryAfter: retryAfter)
        return .retry(status: status, error: error, retryAt: now.addingTimeInterval(delay))
    }
}

/// What a pass of deliveries came to.
package struct DeliveryTally: Hashable, Sendable {
    package var delivered = 0
    package var retrying = 0
    package var gaveUp = 0
    package var disabled = 0

    package init() {}

    mutating func count(_ outcome: DeliveryOutcome) {
        switch outcome {
        case .delivered: delivered += 1
        case .retry: retrying += 1
        case .gaveUp: gaveUp += 1
        case .gone: disabled += 1
        }
    }
}
