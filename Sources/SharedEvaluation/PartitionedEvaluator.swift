import Foundation
import GeoReminders
import GeofenceEngine
import LiveEvaluation
import Logging
import PostgresNIO
import ServiceLifecycle
import SharedStore
import Synchronization

/// `serve`'s evaluation on a shared PostgreSQL store (docs/scaling.md): this instance holds a fair
/// share of the device partitions by leases it renews every few seconds, and for each keeps an
/// ``AlarmEvaluator`` on a lease-fenced ``PartitionEvaluationStore``, fed from the partition's
/// inbox that every instance posts to. A partition whose lease is lost is dropped and never
/// committed for again; one taken over is restored from its saved state and fix log.
///
/// Evaluation runs on one thread of its own, as PartitionEvaluationStore blocks; heartbeats and
/// the reminders' fingerprint are async tasks. Timed alarms fire only in partition 0
/// (``timedAlarmPartition``), location alarms in the partition of the device that crossed.
package final class PartitionedEvaluator: Service, @unchecked Sendable {
    // @unchecked: `assigned`, `releasable`, `reloadRequested`, `stopping` are touched only under
    // `condition`'s lock; `partitions` and `lost` only on the evaluation thread.

    /// How an instance evaluates.
    package struct Settings: Sendable {
        /// This instance's name in the lease table (unique among the instances).
        package var owner: String
        package var options = EngineOptions()
        package var lateAfter = AlarmEvaluator.defaultLateAfter
        package var floatingZone = TimeZone.current
        /// A lease lasts this long unrenewed: a killed instance's partitions move after about this.
        package var leaseSeconds = 8.0
        /// Fixes taken from a partition's inbox per transaction.
        package var takeLimit = 1000
        /// How often an idle instance looks at its inboxes, and the reminders' fingerprint.
        package var pollInterval = 0.1
        package var reminderPollInterval = 1.0

        package init(owner: String) { self.owner = owner }

        /// Heartbeats five times per lease, so that two lost in a row still keep it.
        var heartbeatInterval: Double { leaseSeconds / 5 }
    }

    /// The one partition whose evaluator fires timed alarms, so that they fire once however many
    /// instances there are.
    package static let timedAlarmPartition = 0

    let address: PostgresAddress
    let settings: Settings
    let logger: Logger
    let onCommit: @Sendable (PartitionCommit) -> Void
    let condition = NSCondition()
    /// The last heartbeat's answer: which partitions to hold, which to hand over.
    var assigned: PartitionLeases.Heartbeat?
    /// Partitions saved and dropped by the evaluation thread, for the heartbeat task to release.
    var releasable: [Int] = []
    var reloadRequested = false
    var stopping = false
    var partitions: [Int: HeldPartition] = [:]
    /// Leases a commit found lost: not loaded again before the next heartbeat says they are held.
    var lost: Set<PartitionLease> = []
    /// The reminders read once for the partitions loaded in one round.
    let reminders = ReminderSnapshot()
    /// The reminders' fingerprint as last read, by the poll or on a notification.
    let fingerprint = Mutex<[Double]?>(nil)
    /// Whether the last heartbeat reached the database.
    let reachable = Atomic<Bool>(true)

    /// False while heartbeats fail (the database is down or cut off): this instance then holds no
    /// partition it can commit for, and `/readyz` says so.
    package var isConnected: Bool { reachable.load(ordering: .relaxed) }

    package init(
        address: PostgresAddress, settings: Settings, logger: Logger, onCommit: @escaping @Sendable (PartitionCommit) -> Void = { _ in }
    ) {
        self.address = address
        self.settings = settings
        self.logger = logger
        self.onCommit = onCommit
    }

    /// Runs until the service group shuts down gracefully; then saves every partition's state and
    /// gives up the leases, so that the other instances take them at once.
    package func run() async throws {
        let leases = try await PartitionLeases(address: address, owner: settings.owner, leaseSeconds: settings.leaseSeconds)
        // Each connection is opened again after the database comes back (ReconnectingConnection).
        let connection: ReconnectingConnection
        let watcher: ReconnectingConnection
        do {
            connection = ReconnectingConnection(address: address, connection: try await SharedDatabase.open(address))
            do {
                watcher = ReconnectingConnection(address: address, connection: try await SharedDatabase.open(address))
            } catch {
                await connection.close()
                throw error
            }
        } catch {
            await leases.close()
            throw error
        }
        let tasks = [
            Task { await heartbeats(leases) },
            Task { await watchReminders(watcher) },
            Task { await listen(watcher) },
        ]
        // Every connection is closed on every way out (postgres-nio requires it of its owner).
        var failure: (any Error)?
        do {
            // Cancellation stops it as a graceful shutdown does (LiveEvaluator.run says why).
            try await withTaskCancellationHandler {
                try await withGracefulShutdownHandler {
                    try await DedicatedThread.run(named: "georemind-partitions") { [self] in try loop(connection) }
                } onGracefulShutdown: { [self] in
                    wake { $0.stopping = true }
                }
            } onCancel: { [self] in
                wake { $0.stopping = true }
            }
        } catch {
            failure = error
        }
        // Bounded: with the database gone, a statement left unanswered would hold the stop for ever.
        for task in tasks { task.cancel() }
        _ = try? await Deadline.within(seconds: Self.stopDeadline) {
            for task in tasks { await task.value }
            await leases.close()
            await connection.close()
            await watcher.close()
        }
        if let failure { throw failure }
    }

    /// Renews the leases every ``Settings/heartbeatInterval``, hands the result to the evaluation
    /// thread and releases what it saved.
    func heartbeats(_ leases: PartitionLeases) async {
        var held: Set<Int> = []
        while !Task.isCancelled {
            do {
                let ready = locked { evaluator in
                    defer { evaluator.releasable.removeAll() }
                    return evaluator.releasable
                }
                if !ready.isEmpty { try await Deadline.within(seconds: settings.leaseSeconds / 2) { try await leases.release(ready) } }
                let beat = try await Deadline.within(seconds: settings.leaseSeconds / 2) { try await leases.heartbeat() }
                let now = Set(beat.held.map(\.partition))
                if now != held {
                    logger.info(
                        "partitions held",
                        metadata: ["count": "\(now.count)", "instances": "\(beat.liveInstances)", "owner": "\(leases.owner)"])
                    held = now
                }
                wake { $0.assigned = beat }
                if !reachable.exchange(true, ordering: .relaxed) { logger.notice("the database answers heartbeats again") }
            } catch {
                if Task.isCancelled { return }
                // First: ingestion and the API refuse at once from now on (a cut-off link may
                // carry nothing, so nothing they send there would be answered).
                let first = reachable.exchange(false, ordering: .relaxed)
                // A connection that stopped answering is dropped: the next heartbeat connects anew.
                if case SharedStoreError.timedOut = error { await leases.reconnect() }
                // Once per outage at error level; each failure after it at debug.
                logger.log(level: first ? .error : .debug, "heartbeat failed", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: .seconds(settings.heartbeatInterval))
        }
    }

    /// Polls the reminders' fingerprint (changes nobody notified, such as one made with `psql`).
    func watchReminders(_ connection: ReconnectingConnection) async {
        while !Task.isCancelled {
            await checkReminders(connection)
            try? await Task.sleep(for: .seconds(settings.reminderPollInterval))
        }
    }

    /// Reads the reminders' fingerprint; when it moved, the evaluation thread reloads.
    func checkReminders(_ connection: ReconnectingConnection) async {
        do {
            let current = try await Deadline.within(seconds: Self.readDeadline) {
                try await SharedReminders.fingerprint(on: connection.connection())
            }
            let moved = fingerprint.withLock { last in
                defer { last = current }
                return last.map { $0 != current } ?? false
            }
            if moved { wake { $0.reloadRequested = true } }
        } catch {
            if case SharedStoreError.timedOut = error { await connection.close() }
            logger.log(
                level: isConnected ? .error : .debug, "reading the reminders' fingerprint failed", metadata: ["error": "\(error)"])
        }
    }

    /// Wakes the evaluation thread as writers commit (``StoreNotification``): fixes in an inbox, or
    /// changed reminders (checked against the fingerprint, so a change the poll also saw reloads
    /// once). Listens again after a failure; the polls cover the gap.
    func listen(_ connection: ReconnectingConnection) async {
        while !Task.isCancelled {
            do {
                try await connection.connection().listen(on: StoreNotification.channel) { notifications in
                    for try await notification in notifications {
                        switch StoreNotification(rawValue: notification.payload) {
                        case .inbox: wake { _ in }
                        case .reminders: await checkReminders(connection)
                        case nil: break
                        }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.log(level: isConnected ? .error : .debug, "listening for changes failed", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// Seconds the tasks and connections have to end once evaluation stopped.
    static let stopDeadline = 2.0

    /// Seconds a read of the async tasks may take before it is given up (and tried again).
    static let readDeadline = 10.0

    /// Changes the shared flags under the lock and wakes the evaluation thread.
    func wake(_ change: (PartitionedEvaluator) -> Void) {
        condition.lock()
        change(self)
        condition.signal()
        condition.unlock()
    }

    func locked<T>(_ body: (PartitionedEvaluator) -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body(self)
    }
}
