import CivilTime
import Foundation
import Testing

@testable import GeoReminders

/// Expansion details: month ends, leap days, week numbering with WKST, set positions, the
/// start that is not an occurrence, the preview and next-occurrence API, and where we read
/// RFC 5545 differently from python-dateutil.
struct RecurrenceRuleExpansionTests {
    static func expand(_ rule: String, from start: String, count: Int = 100) throws -> [String] {
        try RecurrenceRule(rrule: rule).preview(from: CivilDateTime(compact: start), count: count).map(\.compact)
    }

    @Test func monthlyOnThe31stSkipsShortMonths() throws {
        #expect(
            try Self.expand("FREQ=MONTHLY;COUNT=7", from: "20260131")
                == ["20260131", "20260331", "20260531", "20260731", "20260831", "20261031", "20261231"])
        #expect(
            try Self.expand("FREQ=MONTHLY;BYMONTHDAY=31;COUNT=3", from: "20260401")
                == ["20260531", "20260731", "20260831"])
    }

    @Test func minusOneIsTheLastDayOfEachMonth() throws {
        #expect(
            try Self.expand("FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=5", from: "20240101T080000")
                == ["20240131T080000", "20240229T080000", "20240331T080000", "20240430T080000", "20240531T080000"])
        #expect(
            try Self.expand("FREQ=MONTHLY;BYMONTHDAY=-31;COUNT=3", from: "20260101")
                == ["20260101", "20260301", "20260501"])
    }

    @Test func leapDayRepeatsOnlyInLeapYears() throws {
        #expect(try Self.expand("FREQ=YEARLY;COUNT=3", from: "20240229") == ["20240229", "20280229", "20320229"])
        // 2100 is not a leap year.
        #expect(try Self.expand("FREQ=YEARLY;COUNT=2", from: "20960229") == ["20960229", "21040229"])
        #expect(
            try Self.expand("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1;COUNT=3", from: "20230101")
                == ["20230228", "20240229", "20250228"])
        #expect(try Self.expand("FREQ=YEARLY;BYYEARDAY=366;COUNT=2", from: "20210101") == ["20241231", "20281231"])
    }

    @Test func weekNumbersFollowWKST() throws {
        // ISO week 1 of 2021 starts Monday 4 January; with Sunday weeks it starts Sunday 3 January.
        #expect(
            try Self.expand("FREQ=YEARLY;BYWEEKNO=1;COUNT=7", from: "20201226")
                == ["20210104", "20210105", "20210106", "20210107", "20210108", "20210109", "20210110"])
        #expect(
            try Self.expand("FREQ=YEARLY;BYWEEKNO=1;WKST=SU;COUNT=7", from: "20201226")
                == ["20210103", "20210104", "20210105", "20210106", "20210107", "20210108", "20210109"])
        // Week 1 of 2026 begins Monday 29 December 2025, inside the 2025 period.
        #expect(try Self.expand("FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO;COUNT=2", from: "20250101") == ["20251229", "20270104"])
        // 2020 has 53 ISO weeks, 2021 has 52: week 53 holds 1-3 January 2021, never 1-2 January 2022.
        #expect(
            try Self.expand("FREQ=YEARLY;BYWEEKNO=53;COUNT=10", from: "20201231")
                == [
                    "20201231", "20210101", "20210102", "20210103",
                    "20261228", "20261229", "20261230", "20261231", "20270101", "20270102",
                ])
        #expect(
            try Self.expand("FREQ=YEARLY;BYWEEKNO=-1;BYDAY=MO;COUNT=3", from: "20200101")
                == ["20201228", "20211227", "20221226"])
    }

    @Test func wkstDecidesWhichWeekAnIntervalSkips() throws {
        #expect(
            try Self.expand("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", from: "19970805T090000")
                == ["19970805T090000", "19970810T090000", "19970819T090000", "19970824T090000"])
        #expect(
            try Self.expand("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", from: "19970805T090000")
                == ["19970805T090000", "19970817T090000", "19970819T090000", "19970831T090000"])
    }

    @Test func setPositionsPickWithinEachPeriod() throws {
        // The last weekday of each month.
        #expect(
            try Self.expand("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=4", from: "20260101")
                == ["20260130", "20260227", "20260331", "20260430"])
        // First and last weekend day; the same day picked twice is one occurrence.
        #expect(
            try Self.expand("FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1,-1,1;COUNT=4", from: "20260201")
                == ["20260201", "20260228", "20260301", "20260329"])
        // A position past the end picks nothing: February 2026 has four Mondays.
        #expect(
            try Self.expand("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=5;COUNT=3", from: "20260201")
                == ["20260330", "20260629", "20260831"])
        // Yearly: the second and second-to-last of the 1st of every month.
        #expect(
            try Self.expand("FREQ=YEARLY;BYMONTHDAY=1;BYSETPOS=2,-2;COUNT=4", from: "20260101")
                == ["20260201", "20261101", "20270201", "20271101"])
    }

    /// dateutil's reading: the start is an occurrence only if the rule selects it, and COUNT
    /// counts only occurrences.
    @Test func startThatDoesNotMatchIsNotAnOccurrence() throws {
        // 2026-07-01 is a Wednesday; the first Monday of July is the 6th.
        #expect(
            try Self.expand("FREQ=MONTHLY;BYDAY=1MO;COUNT=2", from: "20260701T090000")
                == ["20260706T090000", "20260803T090000"])
        #expect(try Self.expand("FREQ=WEEKLY;BYDAY=FR;COUNT=2", from: "20260101") == ["20260102", "20260109"])
    }

    /// dateutil starts a WEEKLY rule's first period at the start, not at the WKST week holding it;
    /// RFC 5545's period is the whole week, so BYSETPOS=1 there is Monday 29 December 2025.
    @Test func weeklySetPositionsCountTheWholeFirstWeek() throws {
        #expect(
            try Self.expand("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1;WKST=SU;COUNT=3", from: "20260101T090000")
                == ["20260102T090000", "20260105T090000", "20260109T090000"])
    }

    /// RFC 5545 makes BYDAY a set: plain and numbered weekdays add up (dateutil intersects them).
    @Test func plainAndNumberedWeekdaysAreUnited() throws {
        #expect(
            try Self.expand("FREQ=MONTHLY;BYDAY=MO,1TU;COUNT=6", from: "20260601")
                == ["20260601", "20260602", "20260608", "20260615", "20260622", "20260629"])
    }

    @Test func numberedWeekdaysCountInTheirScope() throws {
        // Yearly without BYMONTH: within the year; with BYMONTH: within each month.
        #expect(try Self.expand("FREQ=YEARLY;BYDAY=-1FR;COUNT=2", from: "20260101") == ["20261225", "20271231"])
        #expect(try Self.expand("FREQ=YEARLY;BYMONTH=1,7;BYDAY=-1FR;COUNT=2", from: "20260101") == ["20260130", "20260731"])
        #expect(try Self.expand("FREQ=MONTHLY;BYDAY=5FR;COUNT=3", from: "20260101") == ["20260130", "20260529", "20260731"])
    }

    @Test func intervalsStepWholePeriods() throws {
        #expect(try Self.expand("FREQ=MONTHLY;INTERVAL=13;COUNT=3", from: "20261215") == ["20261215", "20280115", "20290215"])
        #expect(try Self.expand("FREQ=DAILY;INTERVAL=3;COUNT=3", from: "20261230") == ["20261230", "20270102", "20270105"])
    }

    @Test func untilIsInclusiveAndDateOnlyUntilAdmitsItsDay() throws {
        #expect(
            try Self.expand("FREQ=DAILY;UNTIL=20260103T090000", from: "20260101T090000")
                == ["20260101T090000", "20260102T090000", "20260103T090000"])
        #expect(
            try Self.expand("FREQ=DAILY;UNTIL=20260103T085959", from: "20260101T090000")
                == ["20260101T090000", "20260102T090000"])
        #expect(
            try Self.expand("FREQ=DAILY;UNTIL=20260103", from: "20260101T090000")
                == ["20260101T090000", "20260102T090000", "20260103T090000"])
    }

    @Test func ruleThatNeverOccursEnds() throws {
        #expect(try Self.expand("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", from: "20260101").isEmpty)
        let rule = try RecurrenceRule(rrule: "FREQ=MONTHLY;BYMONTH=4;BYMONTHDAY=31")
        #expect(Array(rule.occurrences(from: CivilDateTime(compact: "20260101"))).isEmpty)
    }

    @Test func previewStopsAtCountOrLimit() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=DAILY")
        let start = CivilDateTime(compact: "20260101T090000")
        #expect(rule.preview(from: start, count: 0).isEmpty)
        #expect(rule.preview(from: start, count: 2).map(\.compact) == ["20260101T090000", "20260102T090000"])
        #expect(
            rule.preview(from: start, count: 100, through: CivilDateTime(compact: "20260103T090000")).map(\.compact)
                == ["20260101T090000", "20260102T090000", "20260103T090000"])
        #expect(rule.preview(from: start, count: 100, through: CivilDateTime(compact: "20260103")).count == 3)
        #expect(rule.preview(from: start, count: 100, through: CivilDateTime(compact: "20260102T085959")).count == 1)
        let many = rule.preview(from: start, count: 10_000)
        #expect(many.count == 10_000)
        #expect(many.last?.compact == "20530518T090000")
        #expect(Array(rule.occurrences(from: start).prefix(2)) == Array(many.prefix(2)))
    }

    @Test func firstOccurrenceAfterKeepsTheSeriesCount() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=WEEKLY;COUNT=3")
        let start = CivilDateTime(compact: "20260105T090000")
        #expect(rule.firstOccurrence(after: start, seriesStart: start)?.compact == "20260112T090000")
        #expect(
            rule.firstOccurrence(after: CivilDateTime(compact: "20260112T090000"), seriesStart: start)?.compact
                == "20260119T090000")
        #expect(rule.firstOccurrence(after: CivilDateTime(compact: "20260119T090000"), seriesStart: start) == nil)
        // Strictly after: a moment before an occurrence gives that occurrence.
        #expect(
            rule.firstOccurrence(after: CivilDateTime(compact: "20260112T085959"), seriesStart: start)?.compact
                == "20260112T090000")
    }

    @Test func firstOccurrenceAfterHonoursUntilAndMonthEnds() throws {
        let until = try RecurrenceRule(rrule: "FREQ=MONTHLY;UNTIL=20260331T235959")
        let start = CivilDateTime(compact: "20260131T090000")
        #expect(until.firstOccurrence(after: start, seriesStart: start)?.compact == "20260331T090000")
        #expect(until.firstOccurrence(after: CivilDateTime(compact: "20260331T090000"), seriesStart: start) == nil)
        // A 31st never drifts to the 28th or 30th.
        let monthly = try RecurrenceRule(rrule: "FREQ=MONTHLY")
        #expect(
            monthly.firstOccurrence(after: CivilDateTime(compact: "20260331T090000"), seriesStart: start)?.compact
                == "20260531T090000")
        // A late completion does not skip occurrences: the next after the completed one is given.
        #expect(monthly.firstOccurrence(after: start, seriesStart: start)?.compact == "20260331T090000")
    }

    @Test func firstOccurrenceOfAnAllDaySeriesSkipsTheWholeDay() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=DAILY")
        let start = CivilDateTime(compact: "20260101")
        #expect(rule.firstOccurrence(after: CivilDateTime(compact: "20260102"), seriesStart: start)?.compact == "20260103")
        #expect(rule.firstOccurrence(after: CivilDateTime(compact: "20260102T000000"), seriesStart: start)?.compact == "20260103")
        let utc = TimeZone(secondsFromGMT: 0)!
        #expect(
            rule.firstOccurrence(
                after: Date(timeIntervalSince1970: 1_767_312_000), seriesStart: start,  // 2026-01-02T00:00Z
                floatingZone: utc)?.compact == "20260103")
    }
}
