import GeofenceEngine

/// Which engine transitions fire which alarms: a location alarm fires on its fence's transition of
/// the kind its proximity names. Read-only once built, so shards on other threads share it.
struct TransitionAlarms: Sendable {
    /// The alarm number of each engine fence, by the fence's index: a transition finds its alarm
    /// without hashing the fence's id.
    let alarmOfFence: [Int32]
    /// Each alarm's proximity, by alarm number (nil for timed alarms).
    let proximities: [Proximity?]
    /// Whose devices fire which alarm; nil when the store has one account (anyone's device fires).
    var audience: AlarmAudience?

    /// The event `transition` proposes for its alarm; nil when its kind is not the alarm's.
    func candidate(for transition: Transition) -> PendingEvent? {
        let rank: UInt8
        switch transition.kind {
        case .leave: rank = 1
        case .enter: rank = 2
        case .dwell, .cross: return nil
        }
        guard let time = transition.fix.time else { return nil }
        let number = alarmOfFence[Int(transition.fenceIndex)]
        guard proximities[Int(number)] == (rank == 1 ? .leave : .enter) else { return nil }
        if let audience, !audience.allows(alarm: number, device: transition.fix.device) { return nil }
        return PendingEvent(
            time: time.timeIntervalSinceReferenceDate, rank: rank, alarm: number,
            fix: transition.fix, distance: transition.distance)
    }
}
