import GeofenceEngine

/// An event before it is handed out: ordered by (time, rank, alarm), alarms being numbered in the
/// order of their reminders' creation date, then id, then position.
struct PendingEvent {
    /// Seconds since 2001 (a `Date`'s own representation, so a time alarm keeps its exact instant).
    var time: Double
    /// 0 time, 1 leave, 2 enter: the tie order of docs/alarm-evaluation.md.
    var rank: UInt8
    var alarm: Int32
    var fix: Fix?
    var distance: Double?

    func precedes(_ other: PendingEvent) -> Bool {
        if time != other.time { return time < other.time }
        if rank != other.rank { return rank < other.rank }
        return alarm < other.alarm
    }
}
