import Foundation
import GeofenceEngine

extension AlarmEvaluator {
    /// Restores the engine and the stream's span from the saved state, adapting the snapshot to the
    /// fences of this run: removed or moved fences are dropped; new ones start unknown for every
    /// device that has fixes, so a device already at a new place does not "enter" it (see
    /// ``GeofenceEngine/EngineSnapshot/reconciled(keeping:adding:)``).
    func restoreSavedState(fences: [Fence], digests: [UInt64]) throws {
        guard let data = try store.engineState(forKey: stateKey) else { return }
        let state: EvaluationState
        do {
            state = try JSONDecoder().decode(EvaluationState.self, from: data)
        } catch {
            throw EvaluationError.unreadableState(key: stateKey, reason: "\(error)")
        }
        guard state.version == EvaluationState.currentVersion else {
            throw EvaluationError.unreadableState(
                key: stateKey, reason: "version \(state.version), expected \(EvaluationState.currentVersion)")
        }
        let saved = EvaluationState.unpack(state.fenceDigests)
        var kept = Set<String>(minimumCapacity: fences.count)
        var added: [String] = []
        for (fence, digest) in zip(fences, digests) {
            if saved.contains(digest) { kept.insert(fence.id) } else { added.append(fence.id) }
        }
        do {
            try engine.restore(state.snapshot.reconciled(keeping: kept, adding: added))
        } catch {
            throw EvaluationError.engine(error)
        }
        if let start = state.spanStart, let end = state.spanEnd, start <= end {
            // Timed alarms inside the span already passed: those still unfired were added (or moved
            // there) after the stream passed them and stay for `dueAlarms(at:)`.
            spanStart = start
            spanEnd = end
            lo = firstTimeAlarm { $0 >= start }
            hi = firstTimeAlarm { $0 > end }
        }
        restorePending(state.pending ?? [])
    }

    /// The first index in `timeAlarms` whose time satisfies `isPast` (monotone in time).
    func firstTimeAlarm(where isPast: (Double) -> Bool) -> Int {
        var low = 0, high = timeAlarms.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(timeAlarms[middle].time) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
