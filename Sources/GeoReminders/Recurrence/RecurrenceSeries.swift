import CivilTime
import Foundation

/// A repeating reminder's series as completion sees it: its rules, its first due date, and how
/// many of its occurrences were completed before. Says where the live reminder goes next.
///
/// Rules without `fromCompletion` keep the series' grid: COUNT counts from `start`, and a late
/// completion advances one occurrence, never to today. See docs/recurrence.md.
public struct RecurrenceSeries: Hashable, Sendable {
    public var rules: [RecurrenceRule]
    /// The series' first due date: the grid and COUNT count from it.
    public var start: CivilDateTime
    /// Occurrences completed before the one being completed now (the history's length).
    public var completedCount: Int

    public init(rules: [RecurrenceRule], start: CivilDateTime, completedCount: Int = 0) {
        self.rules = rules
        self.start = start
        self.completedCount = completedCount
    }

    /// The due date after completing the occurrence due `due` at `completion`; nil when the
    /// series has no further occurrence. With several rules, the earliest next occurrence wins.
    /// Floating and all-day dates read instants in `floatingZone`.
    public func nextDue(
        afterCompleting due: CivilDateTime, at completion: Date,
        floatingZone: TimeZone = .current
    ) -> CivilDateTime? {
        let candidates = rules.compactMap { rule in
            rule.fromCompletion
                ? nextFromCompletion(rule, due: due, completion: completion, floatingZone: floatingZone)
                : rule.firstOccurrence(after: due, seriesStart: start)
        }
        return candidates.min { $0.instant(floatingZone: floatingZone) < $1.instant(floatingZone: floatingZone) }
    }

    /// Org's `.+` / Todoist's `every!`: the rule restarts on the completion's day, keeping the
    /// due date's time of day and zone, and the next due date is its first occurrence after the
    /// completion instant (and after the completed due date, so completing early never repeats
    /// the same occurrence). COUNT counts completed occurrences; UNTIL holds as written.
    private func nextFromCompletion(
        _ rule: RecurrenceRule, due: CivilDateTime, completion: Date,
        floatingZone: TimeZone
    ) -> CivilDateTime? {
        if case .count(let count) = rule.end, completedCount + 1 >= count { return nil }
        let day = ZonedWallClock.split(ZonedWallClock(zone: due.timeZone ?? floatingZone).wall(of: completion)).day
        let (year, month, dayOfMonth) = CivilDay(number: day).components
        let anchor = CivilDateTime(year: year, month: month, day: dayOfMonth, time: due.time, timeZone: due.timeZone)
        let restarted = rule.withoutCount
        guard
            let afterCompletion = restarted.firstOccurrence(
                after: completion, seriesStart: anchor,
                floatingZone: floatingZone)
        else { return nil }
        if afterCompletion.instant(floatingZone: floatingZone) > due.instant(floatingZone: floatingZone) {
            return afterCompletion
        }
        return restarted.firstOccurrence(after: due, seriesStart: anchor)
    }
}

extension RecurrenceRule {
    /// The same rule without COUNT: a from-completion series restarts at every completion, so
    /// its count is kept by the history instead.
    var withoutCount: RecurrenceRule {
        guard case .count = end else { return self }
        // Dropping COUNT from a valid rule leaves a valid rule.
        return
            (try? RecurrenceRule(
                frequency: frequency, interval: interval, end: nil, daysOfTheWeek: daysOfTheWeek,
                daysOfTheMonth: daysOfTheMonth, daysOfTheYear: daysOfTheYear, weeksOfTheYear: weeksOfTheYear,
                monthsOfTheYear: monthsOfTheYear, setPositions: setPositions, firstDayOfTheWeek: firstDayOfTheWeek,
                fromCompletion: fromCompletion, parts: parts.filter { $0 != .count })) ?? self
    }
}
