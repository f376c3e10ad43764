import CivilTime
import Foundation

extension RecurrenceRule {
    /// Every occurrence of a series starting at `start`, lazily (see `RecurrenceOccurrences`).
    public func occurrences(from start: CivilDateTime) -> RecurrenceOccurrences {
        RecurrenceOccurrences(rule: self, start: start)
    }

    /// The first `count` occurrences of a series starting at `start`, stopping after `limit`
    /// (inclusive; a date-only limit admits its whole day).
    public func preview(from start: CivilDateTime, count: Int, through limit: CivilDateTime? = nil) -> [CivilDateTime] {
        guard count > 0 else { return [] }
        let bound = limit.map { RecurrenceExpander.reading(of: $0, inFrameOf: start) }
        var expander = RecurrenceExpander(rule: self, start: start)
        var result: [CivilDateTime] = []
        result.reserveCapacity(Swift.min(count, 1024))
        while result.count < count, let next = expander.next() {
            if let bound, next.reading > bound { break }
            result.append(next.date)
        }
        return result
    }

    /// The first occurrence strictly after `date` of the series that began at `seriesStart`,
    /// with COUNT and UNTIL holding across the whole series; nil when the series has ended.
    ///
    /// `date` is usually the occurrence just completed; it is compared in the series' zone
    /// (as written when either is floating), and a date-only `date` stands for its whole day.
    public func firstOccurrence(after date: CivilDateTime, seriesStart: CivilDateTime) -> CivilDateTime? {
        var bound = RecurrenceExpander.reading(of: date, inFrameOf: seriesStart)
        if date.time != nil && seriesStart.time == nil {
            bound = (bound.day, 86_399)  // An all-day series has had that day's occurrence.
        }
        return firstOccurrence(afterReading: bound, seriesStart: seriesStart)
    }

    /// The first occurrence strictly after an instant (a completion time, say) of the series that
    /// began at `seriesStart`. A floating or all-day series reads the instant in `floatingZone`;
    /// an all-day series counts the instant's whole day as past.
    public func firstOccurrence(
        after instant: Date, seriesStart: CivilDateTime,
        floatingZone: TimeZone = .current
    ) -> CivilDateTime? {
        let wall = ZonedWallClock(zone: seriesStart.timeZone ?? floatingZone).wall(of: instant)
        var bound = ZonedWallClock.split(wall)
        if seriesStart.time == nil { bound.seconds = 86_399 }
        return firstOccurrence(afterReading: bound, seriesStart: seriesStart)
    }

    private func firstOccurrence(
        afterReading bound: RecurrenceExpander.Reading,
        seriesStart: CivilDateTime
    ) -> CivilDateTime? {
        var expander = RecurrenceExpander(rule: self, start: seriesStart)
        while let next = expander.next() {
            if next.reading > bound { return next.date }
        }
        return nil
    }
}
