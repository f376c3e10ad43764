import Foundation
import PostgresNIO
import SharedStore

/// The evaluation thread: load and drop partitions as the heartbeats say, take their inboxes, fire
/// timed alarms, reload on reminder changes; save everything when stopping.
extension PartitionedEvaluator {
    func loop(_ link: ReconnectingConnection) throws {
        var busy = false
        var current: PartitionLeases.Heartbeat?
        var loadedOn: ObjectIdentifier?
        var away = false
        var waitFor = settings.pollInterval
        while true {
            condition.lock()
            if !busy && !stopping && !reloadRequested {
                _ = condition.wait(until: Date().addingTimeInterval(waitFor))
            }
            let fresh = assigned
            assigned = nil
            let reload = reloadRequested
            reloadRequested = false
            let stop = stopping
            condition.unlock()

            if stop {
                for partition in partitions.values { save(partition, reason: "shutdown") }
                logger.info("evaluation checkpointed at shutdown", metadata: ["partitions": "\(partitions.count)"])
                partitions.removeAll()
                return
            }
            // A database that restarted closed the connection: partitions loaded on it cannot
            // commit any more, so they are loaded again on the new one, from what they committed.
            let connection: PostgresConnection
            do {
                connection = try link.blockingConnection()
                waitFor = settings.pollInterval
            } catch {
                if !away {
                    logger.error("evaluation cannot reach the database; trying again every second", metadata: ["error": "\(error)"])
                }
                away = true
                if let fresh { current = fresh }
                partitions.removeAll()
                loadedOn = nil
                busy = false
                waitFor = Self.reconnectInterval
                continue
            }
            if loadedOn != ObjectIdentifier(connection) {
                if away { logger.notice("evaluation reached the database again; loading the partitions again") }
                away = false
                partitions.removeAll()
                loadedOn = ObjectIdentifier(connection)
                if fresh == nil { follow(current, connection) }
            }
            if let fresh {
                // A lease found lost may be held again (renewed at the same epoch if nobody took it).
                lost.removeAll()
                current = fresh
                follow(fresh, connection)
            }
            if reload {
                for (number, partition) in partitions {
                    save(partition, reason: "reload")
                    partitions[number] = nil
                }
                follow(current, connection)
                logger.info("reminders reloaded")
            }
            busy = evaluateInboxes(connection)
            fireDueAlarms()
        }
    }

    /// How long the evaluation thread waits between attempts to reach a database that is away.
    static let reconnectInterval = 1.0

    /// Loads the partitions newly held, drops those lost, and saves then drops the surplus for the
    /// heartbeat task to release.
    func follow(_ assignment: PartitionLeases.Heartbeat?, _ connection: PostgresConnection) {
        guard let assignment else { return }
        let surplus = Set(assignment.surplus)
        let wanted = Dictionary(
            assignment.held.filter { !surplus.contains($0.partition) }.map { ($0.partition, $0) }, uniquingKeysWith: { $1 })
        for (number, partition) in partitions where wanted[number] != partition.lease {
            if surplus.contains(number) { save(partition, reason: "handover") }
            partitions[number] = nil
        }
        if !surplus.isEmpty { locked { $0.releasable += surplus } }
        // The partitions loaded now read the reminders once, as they are now.
        reminders.empty()
        for (number, lease) in wanted.sorted(by: { $0.key < $1.key }) where partitions[number] == nil && !lost.contains(lease) {
            do {
                partitions[number] = try HeldPartition(lease: lease, connection: connection, snapshot: reminders, settings: settings)
            } catch {
                logger.error("loading a partition failed", metadata: ["partition": "\(number)", "error": "\(error)"])
                if case SharedStoreError.leaseLost = error { lost.insert(lease) }
            }
        }
    }

    /// One transaction per partition with fixes waiting; true when some inbox may hold more.
    func evaluateInboxes(_ connection: PostgresConnection) -> Bool {
        let waiting: Set<Int>
        do {
            waiting = try PartitionEvaluationStore.partitionsWithFixes(among: Array(partitions.keys), on: connection)
        } catch {
            logger.error("reading the inboxes failed", metadata: ["error": "\(error)"])
            return false
        }
        var busy = false
        for number in waiting.sorted() {
            guard let partition = partitions[number] else { continue }
            attempt(partition) {
                let now = Date()
                if let commit = try partition.takeInbox(limit: settings.takeLimit, now: now) {
                    onCommit(commit)
                    if commit.outcome.admitted + commit.outcome.rejected.values.reduce(0, +) >= settings.takeLimit { busy = true }
                }
            }
        }
        return busy
    }

    func fireDueAlarms() {
        guard let partition = partitions[Self.timedAlarmPartition] else { return }
        attempt(partition) {
            if let commit = try partition.fireDueAlarms(now: Date()) { onCommit(commit) }
        }
    }

    /// Runs a fenced step; a lost lease drops the partition for good (at that epoch), any other
    /// failure drops it to be loaded again from the store, where its last commit left it.
    func attempt(_ partition: HeldPartition, _ step: () throws -> Void) {
        do {
            try step()
        } catch {
            let number = partition.lease.partition
            partitions[number] = nil
            if case SharedStoreError.leaseLost = error {
                lost.insert(partition.lease)
                logger.warning("partition lost", metadata: ["partition": "\(number)", "epoch": "\(partition.lease.epoch)"])
            } else {
                logger.error("partition commit failed; reloading it", metadata: ["partition": "\(number)", "error": "\(error)"])
            }
        }
    }

    func save(_ partition: HeldPartition, reason: String) {
        do {
            try partition.save()
        } catch {
            logger.warning(
                "partition state not saved",
                metadata: ["partition": "\(partition.lease.partition)", "reason": "\(reason)", "error": "\(error)"])
        }
    }
}
