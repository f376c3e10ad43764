import CivilTime
import Foundation

/// Expands a rule from a series start into its occurrences, period by period, as RFC 5545
/// section 3.3.10 describes: each FREQ period (a year, a month, a week from WKST, a day) is
/// filtered by the BYxxx parts — which expand within a longer period and limit within a shorter
/// one, as the RFC's table says, because a day survives only if it matches every part — then
/// BYSETPOS picks among the survivors, then COUNT and UNTIL cut the series.
///
/// All arithmetic is on civil days; a zone is consulted only to settle a wall-clock time that a
/// DST change skips (`ZonedWallClock`). Where python-dateutil reads the RFC differently, this
/// follows the RFC: see docs/recurrence.md.
struct RecurrenceExpander: Sendable {
    /// A wall-clock reading: a civil day and seconds into it (0 for all-day series).
    typealias Reading = (day: Int, seconds: Int)

    private let frequency: RecurrenceFrequency
    private let interval: Int
    private let start: CivilDateTime
    private let startDay: CivilDay
    private let startSeconds: Int
    private let weekStart: Int
    private let filter: RecurrenceDayFilter
    private let setPositions: [Int]
    /// The last reading UNTIL admits, in the start's frame.
    private let until: Reading?
    private var remaining: Int?
    private var wallClock: ZonedWallClock?

    /// The current period: its year and month (YEARLY, MONTHLY) or its first day (WEEKLY, DAILY).
    private var year: Int
    private var month: Int
    private var periodStart: CivilDay
    private var pending: [CivilDay] = []
    private var pendingIndex = 0
    private var finished = false
    /// The last occurrence given, for `_checkInvariants()`.
    private var last: Reading?

    /// Periods after 9999 are not expanded (python-dateutil stops there too), so a rule that
    /// never matches (BYMONTH=2;BYMONTHDAY=30) ends instead of running forever.
    private static let lastDay = CivilDay(year: 10_000, month: 1, day: 1)

    init(rule: RecurrenceRule, start: CivilDateTime) {
        frequency = rule.frequency
        interval = rule.interval
        self.start = start
        startDay = CivilDay(year: start.year, month: start.month, day: start.day)
        startSeconds = start.time.map { $0.hour * 3600 + $0.minute * 60 + $0.second } ?? 0
        weekStart = (rule.firstDayOfTheWeek ?? .monday).index
        filter = RecurrenceDayFilter(rule: rule, start: start, startDay: startDay)
        setPositions = rule.setPositions
        if let zone = start.timeZone, start.time != nil { wallClock = ZonedWallClock(zone: zone) }
        switch rule.end {
        case .count(let count): remaining = count; until = nil
        case .until(let date): remaining = nil; until = Self.reading(of: date, inFrameOf: start)
        case nil: remaining = nil; until = nil
        }
        year = start.year
        month = start.month
        switch rule.frequency {
        case .weekly: periodStart = startDay + -((startDay.weekday - weekStart + 7) % 7)
        default: periodStart = startDay
        }
    }

    /// The next occurrence, or nil when the series is over.
    mutating func next() -> (date: CivilDateTime, reading: Reading)? {
        while !finished {
            guard pendingIndex < pending.count else {
                fillNextPeriod()
                continue
            }
            let day = pending[pendingIndex]
            pendingIndex += 1
            // Every candidate has the start's time of day, so "at or after the start" is by day;
            // the start itself is an occurrence only if the rule selects it (dateutil's reading).
            guard day >= startDay else { continue }
            var reading: Reading = (day.number, startSeconds)
            if var clock = wallClock {
                wallClock = nil  // Keeps `clock` uniquely referenced while it caches its window.
                reading = ZonedWallClock.split(clock.settle(ZonedWallClock.wall(day: day.number, seconds: startSeconds)))
                wallClock = clock
            }
            if let until, reading > until {
                finished = true
                return nil
            }
            if let count = remaining {
                remaining = count - 1
                if count == 1 { finished = true }
            }
            _checkInvariants(next: reading)
            last = reading
            return (occurrence(reading), reading)
        }
        return nil
    }

    /// Occurrences strictly increase and COUNT never goes below zero. Real in debug builds only.
    @inline(__always)
    private func _checkInvariants(next reading: Reading) {
        #if DEBUG
            if let last { assert(reading > last, "recurrence occurrences must strictly increase") }
            assert((remaining ?? 0) >= 0, "COUNT went below zero")
        #endif
    }

    private func occurrence(_ reading: Reading) -> CivilDateTime {
        let (y, m, d) = CivilDay(number: reading.day).components
        let time = start.time.map { _ in
            TimeOfDay(hour: reading.seconds / 3600, minute: reading.seconds / 60 % 60, second: reading.seconds % 60)
        }
        return CivilDateTime(year: y, month: m, day: d, time: time, timeZone: start.timeZone)
    }

    /// Collects the current period's occurrences into `pending`, then steps to the next period.
    private mutating func fillNextPeriod() {
        // `pending` is reused across periods: a daily rule must not allocate per day.
        var days = pending
        pending = []
        days.removeAll(keepingCapacity: true)
        defer { pendingIndex = 0 }
        switch frequency {
        case .yearly:
            guard year < 10_000 else { finished = true; pending = days; return }
            for m in 1...12 where filter.admitsMonth(m) {
                collect(year: year, month: m, into: &days)
            }
            year += interval
        case .monthly:
            guard year < 10_000 else { finished = true; pending = days; return }
            if filter.admitsMonth(month) { collect(year: year, month: month, into: &days) }
            let index = year * 12 + (month - 1) + interval
            year = index / 12
            month = index % 12 + 1
        case .weekly, .daily:
            guard periodStart < Self.lastDay else { finished = true; pending = days; return }
            let length = frequency == .weekly ? 7 : 1
            for offset in 0..<length {
                let day = periodStart + offset
                let (y, m, d) = day.components
                if filter.admits(day, year: y, month: m, day: d) { days.append(day) }
            }
            periodStart = periodStart + length * interval
        }
        pending = setPositions.isEmpty || days.isEmpty ? days : Self.select(setPositions, from: days)
        assert(zip(pending, pending.dropFirst()).allSatisfy { $0 < $1 }, "a period's candidates must be distinct and in order")
    }

    private func collect(year: Int, month: Int, into days: inout [CivilDay]) {
        let first = CivilDay(year: year, month: month, day: 1)
        for d in 1...CivilDay.daysInMonth(year: year, month: month) {
            let day = first + (d - 1)
            if filter.admits(day, year: year, month: month, day: d) { days.append(day) }
        }
    }

    /// BYSETPOS: the nth (or nth from last) of a period's occurrences, in order, without repeats.
    static func select(_ positions: [Int], from days: [CivilDay]) -> [CivilDay] {
        var picked: [CivilDay] = []
        for position in positions {
            let index = position > 0 ? position - 1 : days.count + position
            if days.indices.contains(index) && !picked.contains(days[index]) { picked.append(days[index]) }
        }
        return picked.sorted()
    }

    /// A date's wall-clock reading in the frame of the series start: converted to the start's zone
    /// when both have one, taken as written otherwise (a floating or date-only UNTIL). A date-only
    /// value admits its whole day.
    static func reading(of date: CivilDateTime, inFrameOf start: CivilDateTime) -> Reading {
        let day = CivilDay(year: date.year, month: date.month, day: date.day).number
        guard let time = date.time else { return (day, 86_399) }
        if let zone = date.timeZone, let startZone = start.timeZone, zone != startZone {
            let wall = ZonedWallClock(zone: startZone).wall(of: date.instant())
            return ZonedWallClock.split(wall)
        }
        return (day, time.hour * 3600 + time.minute * 60 + time.second)
    }
}
