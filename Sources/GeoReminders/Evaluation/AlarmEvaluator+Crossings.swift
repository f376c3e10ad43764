import Foundation
import GeofenceEngine

/// A phone's own word of a crossing, as evidence beside the fixes (docs/alarm-evaluation.md,
/// "Phone transitions"): whichever comes first fires the alarm, the other only confirms it.
extension AlarmEvaluator {
    /// Offers the alarm of the region `crossing` names an event at the crossing's time, as a
    /// transition of the engine would: the earliest word of an alarm fires it, once, at the next
    /// commit, and an alarm already fired only takes the report as confirmation.
    ///
    /// The engine never sees the report: the device's position and inside/outside state change
    /// only with its fixes, so a fix inside the place after the phone's `enter` fires nothing more.
    public func corroborate(_ crossing: ReportedCrossing) throws -> CrossingOutcome {
        guard !finished else { throw EvaluationError.finished }
        guard let date = crossing.fix.time else { return .badTime }
        let time = date.timeIntervalSinceReferenceDate
        guard time >= FixTimeWindow.start, time < engine.latestAdmissibleTime else { return .badTime }
        if phoneRegions == nil { phoneRegions = PhoneRegionIndex(alarms: alarms) }
        guard let number = phoneRegions?.alarm(regionID: crossing.regionID, regionStamp: crossing.regionStamp) else {
            return .unmatched
        }
        let armed = alarms[Int(number)]
        let rank: UInt8
        switch (crossing.kind, armed.proximity) {
        case (.leave, .leave?): rank = 1
        case (.enter, .enter?): rank = 2
        default: return .unmatched
        }
        try learnOwner(of: crossing.fix.device)
        if let audience = transitionAlarms.audience, !audience.allows(alarm: number, device: crossing.fix.device) {
            return .unmatched
        }
        // Android (it sends no `rid`) reports entering a region it is given while already inside
        // it: a device whose fixes have it inside the place, with no arrival seen, did not arrive
        // now. iOS sends no such enter, and may have left and come back while its app slept.
        let fence = ArmedAlarm.key(reminderID: armed.reminder.id, alarmID: armed.alarm.id)
        if rank == 2, crossing.regionID == nil, status[Int(number)] == .armed,
            engine.insideFences(device: crossing.fix.device).contains(fence)
        {
            return .waiting
        }
        if crossing.trigger == .location, let location = armed.location,
            (crossing.fix.accuracy ?? .infinity) > location.effectiveRadius
        {
            return .waiting
        }
        let event = PendingEvent(time: time, rank: rank, alarm: number, fix: crossing.fix, distance: nil)
        return offer(event) ? .fired : .confirmed
    }
}
