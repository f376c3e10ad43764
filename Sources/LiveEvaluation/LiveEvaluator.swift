import Foundation
import GeoReminders
import GeofenceEngine
import Logging
import ServiceLifecycle
import Synchronization

/// The server's evaluation: one thread owns the ``AlarmEvaluator`` and commits the fixes of all the
/// requests that arrived meanwhile in one transaction (group commit); each request is answered
/// after that commit, so an acknowledged fix and the alarms it fired survive `kill -9`.
///
/// It also fires timed alarms by the wall clock, reloads the evaluator within a second when
/// another process changes the reminders, and checkpoints when the service group shuts down.
package final class LiveEvaluator: Service, @unchecked Sendable {
    // @unchecked: `queue`, `stopping`, `reloadRequested` are touched only under `condition`'s lock;
    // `evaluator` and `tally` only on the evaluation thread.
    struct Submission {
        var fixes: [Fix]
        var crossings: [ReportedCrossing]
        var tokenName: String?
        var continuation: CheckedContinuation<IngestOutcome, any Error>
    }

    let store: any LiveStore
    let options: EngineOptions
    let lateAfter: TimeInterval
    let logger: Logger
    let onCommit: @Sendable (CommitRecord) -> Void
    let condition = NSCondition()
    var queue: [Submission] = []
    /// Requests for a ``LiveView``, answered by the evaluation thread between batches.
    var viewRequests: [CheckedContinuation<LiveView, Never>] = []
    /// Each device's last admitted fixes, for the live map (evaluation thread only).
    var recentFixes = RecentTracks(length: LiveEvaluator.trackLength)
    package static let trackLength = 100
    var stopping = false
    var reloadRequested = false
    /// The reminders changed and the evaluator has not been reloaded yet (evaluation thread only).
    var reloadPending = false
    /// When the evaluator was last reloaded (evaluation thread only).
    var lastReload = Date.distantPast
    /// The least time between two reloads while no fix waits for one: a burst of writes (a CalDAV
    /// client uploading a list, an import through the API) costs a reload every so often instead
    /// of one per write, each reading every reminder. A fix is always evaluated against the
    /// reminders as they are when it is taken.
    static let reloadSpacing: TimeInterval = 0.25
    /// Reloads so far (tests read it).
    let reloads = Atomic<Int>(0)
    var evaluator: AlarmEvaluator
    var fingerprint: [Double]
    var tally = AdmissionTally()
    var knownDevices: Set<String> = []
    /// When a commit saves the state whole instead of logging its fixes.
    var wholeSaves = WholeSaveSchedule()
    /// Every device that posted since the server started (the `devices_seen` gauge).
    var seenDevices: Set<String> = []
    /// Which token and device uses to write, and when.
    var uses = UseSifter()
    /// When the last commit failed, or the store was last probed (evaluation thread only).
    var lastFailureOrProbe = Date.distantPast
    /// Seconds between probes of a store that refused a commit.
    static let probeInterval: TimeInterval = 5
    /// Whether the last group commit succeeded (``FixIngestion/isCommitting``).
    let lastCommitSucceeded = Atomic<Bool>(true)
    package var isCommitting: Bool { lastCommitSucceeded.load(ordering: .relaxed) }

    package init(
        store: any LiveStore, options: EngineOptions, lateAfter: TimeInterval = AlarmEvaluator.defaultLateAfter,
        logger: Logger, onCommit: @escaping @Sendable (CommitRecord) -> Void = { _ in }
    ) throws {
        self.store = store
        self.options = options
        self.lateAfter = lateAfter
        self.logger = logger
        self.onCommit = onCommit
        evaluator = try store.makeEvaluator(options: options, lateAfter: lateAfter)
        fingerprint = try store.reminderFingerprint()
    }

    /// Evaluates a request's fixes, then its reported crossings, in the next group commit; returns
    /// once it is committed.
    package func submit(_ fixes: [Fix], crossings: [ReportedCrossing], tokenName: String?) async throws -> IngestOutcome {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            defer { condition.unlock() }
            guard !stopping else {
                continuation.resume(throwing: LiveEvaluationError.stopped)
                return
            }
            queue.append(Submission(fixes: fixes, crossings: crossings, tokenName: tokenName, continuation: continuation))
            condition.signal()
        }
    }

    /// Runs until the service group shuts down gracefully, then commits what is left.
    package func run() async throws {
        let changes = try store.changes()
        let watcher = Task { [weak self] in
            for await _ in changes {
                guard let self else { return }
                wake { $0.reloadRequested = true }
            }
        }
        defer { watcher.cancel() }
        // Stopped by a graceful shutdown, and by cancellation too: the service group cancels every
        // service when one fails (the HTTP server could not bind its port), and the evaluation
        // thread would otherwise keep the group, and the process, running.
        try await withTaskCancellationHandler {
            try await withGracefulShutdownHandler {
                try await DedicatedThread.run(named: "georemind-evaluation") { [self] in try loop() }
            } onGracefulShutdown: { [self] in
                wake { $0.stopping = true }
            }
        } onCancel: { [self] in
            wake { $0.stopping = true }
        }
    }

    /// Each device's position, recent track and the places it is inside, from the evaluation
    /// thread between two batches.
    package func view() async -> LiveView {
        await withCheckedContinuation { continuation in
            wake { $0.viewRequests.append(continuation) }
        }
    }

    func makeView() -> LiveView {
        let devices = evaluator.deviceStates().compactMap { state -> LiveView.Device? in
            guard let id = state.device, state.time != nil else { return nil }
            let recent = recentFixes.track(of: id)
            return LiveView.Device(
                id: id, latitude: state.latitude, longitude: state.longitude, accuracy: recent.last?.accuracy, time: state.time,
                track: recent.map { ($0.coordinate.latitude, $0.coordinate.longitude) }, insideReminderIDs: state.insideReminderIDs)
        }
        return LiveView(devices: devices.sorted { $0.id < $1.id })
    }

    /// Changes the flags under the lock and wakes the evaluation thread (callable from async code).
    func wake(_ change: (LiveEvaluator) -> Void) {
        condition.lock()
        change(self)
        condition.signal()
        condition.unlock()
    }

    func loop() throws {
        while true {
            condition.lock()
            while queue.isEmpty && !stopping && !reloadRequested && viewRequests.isEmpty {
                var wake = min(evaluator.nextTimedAlarm ?? .distantFuture, Date().addingTimeInterval(1))
                if reloadPending { wake = min(wake, lastReload.addingTimeInterval(Self.reloadSpacing)) }
                if !condition.wait(until: wake) { break }
            }
            let batch = queue
            queue.removeAll(keepingCapacity: true)
            let reload = reloadRequested
            reloadRequested = false
            let stop = stopping && batch.isEmpty
            let views = viewRequests
            viewRequests.removeAll()
            condition.unlock()

            if reload { reloadPending = true }
            if reloadPending && (!batch.isEmpty || !views.isEmpty || stop || Date() >= lastReload.addingTimeInterval(Self.reloadSpacing)) {
                reloadPending = false
                reloadIfChanged()
                lastReload = Date()
            }
            if batch.isEmpty && !isCommitting && Date().timeIntervalSince(lastFailureOrProbe) >= Self.probeInterval { probeCommit() }
            evaluate(batch)
            if !views.isEmpty {
                let view = makeView()
                for request in views { request.resume(returning: view) }
            }
            if stop {
                recordUse(tokens: [], devices: [], at: Date(), force: true)
                try evaluator.commitLive { _ in }
                logger.info("evaluation checkpointed at shutdown")
                return
            }
        }
    }

    func evaluate(_ batch: [Submission]) {
        let now = Date()
        do {
            var step = try EvaluationStep.admitting(
                batch.map { EvaluationStep.Request(fixes: $0.fixes, crossings: $0.crossings) }, to: evaluator, tally: &tally, at: now)
            for fix in step.admitted { recentFixes.add(fix) }
            var newDevices: [(id: String, tokenName: String)] = []
            var devices: Set<String> = []
            for submission in batch {
                let seen = { (device: String) in
                    devices.insert(device)
                    if let token = submission.tokenName, self.knownDevices.insert(device).inserted { newDevices.append((device, token)) }
                }
                for fix in submission.fixes { if let device = fix.device { seen(device) } }
                for crossing in submission.crossings { if let device = crossing.fix.device { seen(device) } }
            }
            try step.commit(evaluator, schedule: &wholeSaves, at: now)
            seenDevices.formUnion(devices)
            if !batch.isEmpty || step.fired > 0 {
                onCommit(CommitRecord(requests: batch.count, firedByKind: step.firedByKind, devicesSeen: seenDevices.count))
            }
            if !newDevices.isEmpty { try? store.registerDevices(newDevices) }
            recordUse(tokens: Set(batch.compactMap(\.tokenName)), devices: devices, at: now)
            // An idle tick commits nothing and may succeed on a full disk: only a commit that
            // wrote (or the probe) says the store takes commits again.
            if !batch.isEmpty || step.fired > 0 || step.savedWhole { lastCommitSucceeded.store(true, ordering: .relaxed) }
            for (submission, outcome) in zip(batch, step.outcomes) { submission.continuation.resume(returning: outcome) }
        } catch {
            lastCommitSucceeded.store(false, ordering: .relaxed)
            lastFailureOrProbe = Date()
            logger.error("group commit failed", metadata: ["error": "\(error)", "requests": "\(batch.count)"])
            for submission in batch {
                submission.continuation.resume(throwing: LiveEvaluationError.commitFailed(reason: "\(error)"))
            }
            // The evaluator's memory is ahead of the store: start again from the last checkpoint.
            reload()
        }
    }

    /// After a failed commit, and with no request waiting for ``probeInterval``: commits a small
    /// write (``LiveStore/probeWrite()``), so
    /// that readiness comes back once the store takes commits again (a freed disk) even while
    /// nobody posts, as a balancer that saw `/readyz` fail sends nobody.
    func probeCommit() {
        lastFailureOrProbe = Date()
        do {
            try store.probeWrite()
            lastCommitSucceeded.store(true, ordering: .relaxed)
            logger.notice("the store takes commits again")
        } catch {
            logger.debug("the store still refuses commits", metadata: ["error": "\(error)"])
        }
    }

    /// Writes the last-use dates `token list` and `device list` show, each at most once a minute.
    /// - Parameter force: writes what is waiting whatever the time (at shutdown).
    func recordUse(tokens: Set<String>, devices: Set<String>, at now: Date, force: Bool = false) {
        guard let due = uses.add(tokens: tokens, devices: devices, at: now, force: force) else { return }
        do {
            try store.recordUse(tokens: due.tokens, devices: due.devices, at: now)
            uses.written(due, at: now)
        } catch {
            logger.warning("last use not recorded", metadata: ["error": "\(error)"])
        }
    }

    func reloadIfChanged() {
        guard let current = try? store.reminderFingerprint(), current != fingerprint else { return }
        do {
            try evaluator.commitLive { _ in }
        } catch {
            logger.error("checkpoint before reload failed", metadata: ["error": "\(error)"])
        }
        reload()
    }

    func reload() {
        do {
            fingerprint = try store.reminderFingerprint()
            evaluator = try store.makeEvaluator(options: options, lateAfter: lateAfter)
            reloads.add(1, ordering: .relaxed)
            tally.reset()
            logger.info("reminders reloaded")
        } catch {
            logger.error("reloading the reminders failed", metadata: ["error": "\(error)"])
        }
    }
}
