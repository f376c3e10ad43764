import Foundation
import GeofenceEngine

extension AlarmEvaluator {
    /// Commit mode: records the released events' alarms as fired and saves the state (engine snapshot,
    /// span, and the events still pending, which the snapshot's fixes caused), handing the released
    /// events to `emit` inside that transaction, which also writes their outbox rows. A run that stops after a checkpoint loses nothing:
    /// the next one restores the pending events with the state.
    ///
    /// With `logging` (a live server between whole saves), the state is not written: those fixes
    /// are appended to the store's fix log instead, which a restart replays on the last whole state.
    func checkpoint(emit: (AlarmEvents) throws -> Void, logging fixes: [Fix]? = nil) throws {
        var data: Data?
        if fixes == nil {
            let hasSpan = spanStart <= spanEnd
            let state = EvaluationState(
                snapshot: savedSnapshot(), fenceDigests: EvaluationState.pack(savedFenceDigests()),
                spanStart: hasSpan ? spanStart : nil, spanEnd: hasSpan ? spanEnd : nil,
                pending: pending.isEmpty ? nil : pending.map(savedEvent))
            data = try JSONEncoder().encode(state)
        }
        let fired = AlarmEvents(released[...], alarms: alarms, audience: transitionAlarms.audience)
        try store.commitEvaluation(
            firedEvents: Array(fired), lateAfter: lateAfter, state: data, forKey: stateKey, loggedFixes: fixes ?? []
        ) {
            if !fired.isEmpty { try emit(fired) }
        }
        handedOut += released.count
        released.removeAll()
        lastCheckpoint = ProcessInfo.processInfo.systemUptime
    }

    /// The engine's state without the fences of fired alarms: the next run does not load them, and
    /// a run without a reorder window retired them (their states are gone, or depend on the shard
    /// that saw the alarm's candidate), so the saved state is the same for any number of shards.
    func savedSnapshot() -> EngineSnapshot {
        var snapshot = engine.snapshot()
        for d in snapshot.devices.indices {
            snapshot.devices[d].fences.removeAll { state in
                alarmIndexByKey[state.fence].map { status[Int($0)] == .fired } ?? false
            }
        }
        return snapshot
    }

    /// The digests of the fences whose alarms did not fire: a fired alarm armed again later (its
    /// `firedDate` cleared) is then a new fence, unknown to every device until its next fix, as
    /// its saved states are not kept.
    func savedFenceDigests() -> [UInt64] {
        zip(fenceDigests, transitionAlarms.alarmOfFence).compactMap { digest, alarm in status[Int(alarm)] == .fired ? nil : digest }
    }

    func savedEvent(_ event: PendingEvent) -> EvaluationState.SavedEvent {
        let alarm = alarms[Int(event.alarm)]
        return EvaluationState.SavedEvent(
            alarm: ArmedAlarm.key(reminderID: alarm.reminder.id, alarmID: alarm.alarm.id), time: event.time, rank: event.rank,
            latitude: event.fix?.coordinate.latitude, longitude: event.fix?.coordinate.longitude,
            fixTime: event.fix?.time?.timeIntervalSinceReferenceDate, accuracy: event.fix?.accuracy,
            device: event.fix?.device, distance: event.distance)
    }

    /// Runs the fixes a live server logged since its last whole save through the engine, so the
    /// state is what it was when they were acknowledged. Their transitions fired (or not) then,
    /// in the transactions that logged them: replaying fires nothing.
    func replayFixLog() throws {
        for fix in try store.liveFixLog(forKey: stateKey) {
            _ = engine.feed(fix) { _ in }
        }
    }

    /// Puts back the events a checkpoint left pending, for alarms that can still fire.
    func restorePending(_ saved: [EvaluationState.SavedEvent]) {
        for event in saved {
            guard let number = alarmIndexByKey[event.alarm] else { continue }
            var fix: Fix?
            if let latitude = event.latitude, let longitude = event.longitude {
                fix = Fix(
                    time: event.fixTime.map { Date(timeIntervalSinceReferenceDate: $0) }, latitude: latitude,
                    longitude: longitude, accuracy: event.accuracy, device: event.device)
            }
            offer(PendingEvent(time: event.time, rank: event.rank, alarm: number, fix: fix, distance: event.distance))
        }
    }
}
