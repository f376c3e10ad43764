import Foundation
import GeofenceEngine

/// Turning transitions and the stream's clock into events, and releasing them in order.
extension AlarmEvaluator {
    /// A transition fires its alarm when the kind matches the alarm's proximity.
    func record(_ transition: Transition) {
        if let event = transitionAlarms.candidate(for: transition) { offer(event) }
    }

    /// Grows the span of admitted fix times to `time`; the timed alarms it now covers fire.
    func extendSpan(to time: Double) {
        if spanStart > spanEnd {
            spanStart = time
            spanEnd = time
            lo = firstTimeAlarm { $0 >= time }
            hi = lo
        }
        if time > spanEnd { spanEnd = time }
        while hi < timeAlarms.count, timeAlarms[hi].time <= spanEnd {
            offerTimeAlarm(hi)
            hi += 1
        }
        if time < spanStart {
            spanStart = time
            while lo > 0, timeAlarms[lo - 1].time >= time {
                lo -= 1
                offerTimeAlarm(lo)
            }
        }
    }

    private func offerTimeAlarm(_ index: Int) {
        offer(PendingEvent(time: timeAlarms[index].time, rank: 0, alarm: timeAlarms[index].alarm, fix: nil, distance: nil))
    }

    /// Keeps the earliest candidate event per alarm until it is released; returns whether `event` is now its alarm's.
    @discardableResult
    func offer(_ event: PendingEvent) -> Bool {
        let number = Int(event.alarm)
        switch status[number] {
        case .fired:
            return false
        case .armed:
            status[number] = .pending
            pendingSlot[number] = Int32(pending.count)
            pending.append(event)
        case .pending:
            // The same alarm: time decides, then the kind's rank (PendingEvent.precedes).
            guard event.time <= pendingTime[number] else { return false }
            let slot = Int(pendingSlot[number])
            guard event.precedes(pending[slot]) else { return false }
            pending[slot] = event
        }
        pendingTime[number] = event.time
        if event.time < earliestPending { earliestPending = event.time }
        return true
    }

    /// Releases, in order, the pending events before `limit`: handed to `emit` in a dry run, kept
    /// for the committing transaction otherwise.
    func release(before limit: Double, emit: (AlarmEvents) throws -> Void) throws {
        guard !pending.isEmpty else { return }
        pending.sort { $0.precedes($1) }
        let count = pending.firstIndex { $0.time >= limit } ?? pending.count
        for event in pending[..<count] {
            status[Int(event.alarm)] = .fired
        }
        let ready = Array(pending[..<count])
        pending.removeFirst(count)
        for (slot, event) in pending.enumerated() { pendingSlot[Int(event.alarm)] = Int32(slot) }
        earliestPending = pending.first?.time ?? .infinity
        switch mode {
        case .commit:
            released += ready
        case .dryRun:
            // In batches of 8,192, so a run of 100,000 alarms does not hold every event at once.
            for start in stride(from: 0, to: ready.count, by: 8_192) {
                let batch = AlarmEvents(ready[start..<min(ready.count, start + 8_192)], alarms: alarms, audience: transitionAlarms.audience)
                handedOut += batch.count
                try emit(batch)
            }
        }
    }
}
