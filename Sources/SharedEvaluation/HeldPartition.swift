import Foundation
import GeoReminders
import GeofenceEngine
import LiveEvaluation
import PostgresNIO
import SharedStore

/// One partition this instance holds: its lease-fenced store and the evaluator restored from the
/// partition's saved state and fix log. Used on the evaluation thread only (its calls block).
final class HeldPartition {
    let store: PartitionEvaluationStore
    let evaluator: AlarmEvaluator
    var tally = AdmissionTally()
    /// When a commit saves the state whole instead of logging its fixes, as a SQLite server does.
    var wholeSaves = WholeSaveSchedule()
    /// The live map's tracks of this partition's devices, since this instance took it.
    var tracks = RecentTracks(length: HeldPartition.trackLength)
    /// Shorter than a SQLite server's (``LiveEvaluator/trackLength``): each commit rewrites the
    /// rows of the devices it admitted fixes of, track included.
    static let trackLength = 20

    var lease: PartitionLease { store.lease }

    init(
        lease: PartitionLease, connection: PostgresConnection, snapshot: ReminderSnapshot, settings: PartitionedEvaluator.Settings
    ) throws {
        store = PartitionEvaluationStore(lease: lease, owner: settings.owner, connection: connection, snapshot: snapshot)
        evaluator = try AlarmEvaluator(
            store: store, options: settings.options, mode: .commit, floatingZone: settings.floatingZone, checkpointInterval: 0,
            stateKey: store.stateKey, lateAfter: settings.lateAfter,
            firesTimedAlarms: lease.partition == PartitionedEvaluator.timedAlarmPartition)
        // The stream's clock starts now (as a SQLite server's at start): a timed alarm due later
        // fires when the wall clock passes it, not only once a fix does.
        evaluator.advanceClock(to: Date())
    }

    /// Takes up to `limit` inbox fixes (and reported crossings), evaluates them and commits what
    /// they fired with the fix log (or the whole state, every so often) and their deletion, in one
    /// fenced transaction. Nil when the inbox was empty.
    func takeInbox(limit: Int, now: Date) throws -> PartitionCommit? {
        var tally = self.tally
        var wholeSaves = self.wholeSaves
        var step: EvaluationStep?
        let taken = try store.takeInbox(limit: limit) { taken in
            // One request of the whole batch: what a crossing fires is decided by time at the
            // commit, not by where it sat among the fixes.
            var request = EvaluationStep.Request(fixes: [])
            request.fixes.reserveCapacity(taken.count)
            for item in taken {
                if let crossing = item.crossing { request.crossings.append(crossing) } else { request.fixes.append(item.fix) }
            }
            var admitted = try EvaluationStep.admitting([request], to: evaluator, tally: &tally, at: now)
            try store.recordLive(liveDevices(admitted.admitted))
            try admitted.commit(evaluator, schedule: &wholeSaves, at: now)
            step = admitted
        }
        guard taken > 0, let step else { return nil }
        // Only once committed: a failed transaction leaves this partition to be loaded again.
        self.tally = tally
        self.wholeSaves = wholeSaves
        return PartitionCommit(partition: lease.partition, outcome: step.outcomes.first ?? IngestOutcome(), firedByKind: step.firedByKind)
    }

    /// The live map's rows of the devices `admitted` holds fixes of, as the evaluator now knows them.
    func liveDevices(_ admitted: [Fix]) -> [LiveView.Device] {
        var last: [String: Fix] = [:]
        for fix in admitted {
            tracks.add(fix)
            if let device = fix.device { last[device] = fix }
        }
        return last.sorted { $0.key < $1.key }.map { device, fix in
            LiveView.Device(
                id: device, latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude, accuracy: fix.accuracy,
                time: fix.time, track: tracks.track(of: device).map { ($0.coordinate.latitude, $0.coordinate.longitude) },
                insideReminderIDs: evaluator.insideReminderIDs(of: device))
        }
    }

    /// Fires the timed alarms due by `now` (the wall clock) although no fix came, in a fenced
    /// commit that saves the whole state. Nil when none was due.
    func fireDueAlarms(now: Date) throws -> PartitionCommit? {
        guard let next = evaluator.nextTimedAlarm, next <= now else { return nil }
        evaluator.advanceClock(to: now)
        var commit = PartitionCommit(partition: lease.partition, outcome: IngestOutcome(), firedByKind: [:])
        try evaluator.commitLive { commit.firedByKind[$0.kind.rawValue, default: 0] += 1 }
        wholeSaves.committed(whole: true, admitted: 0, at: now)
        return commit
    }

    /// Saves the whole state (before handing the partition over, reloading or stopping).
    func save() throws {
        try evaluator.commitLive { _ in }
        wholeSaves.committed(whole: true, admitted: 0, at: Date())
    }
}
