import CivilTime
import Foundation
import Testing

@testable import GeoReminders

/// Wall-clock time across DST changes: kept in the start's zone, moved forward by the gap when it
/// does not exist (RFC 5545 erratum 4271), floating and all-day starts untouched.
struct RecurrenceRuleTimeZoneTests {
    static func zoned(_ text: String, _ zone: String) -> CivilDateTime { CivilDateTime(compact: text, zone: zone) }

    @Test func nineOClockStaysNineAcrossBothNewYorkChanges() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=DAILY")
        let spring = rule.preview(from: Self.zoned("20260307T090000", "America/New_York"), count: 3)
        #expect(spring.map(\.compact) == ["20260307T090000", "20260308T090000", "20260309T090000"])
        // 2026-03-08 is 23 hours long in New York, 2026-11-01 25 hours.
        #expect(spring[1].instant().timeIntervalSince(spring[0].instant()) == 23 * 3600)
        #expect(spring[2].instant().timeIntervalSince(spring[1].instant()) == 24 * 3600)
        let autumn = rule.preview(from: Self.zoned("20261031T090000", "America/New_York"), count: 2)
        #expect(autumn.map(\.compact) == ["20261031T090000", "20261101T090000"])
        #expect(autumn[1].instant().timeIntervalSince(autumn[0].instant()) == 25 * 3600)
        #expect(autumn.allSatisfy { $0.timeZone == TimeZone(identifier: "America/New_York") })
    }

    @Test func nonexistentTimeMovesForwardByTheGapAndCounts() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=DAILY;COUNT=3")
        let occurrences = rule.preview(from: Self.zoned("20260307T023000", "America/New_York"), count: 10)
        #expect(occurrences.map(\.compact) == ["20260307T023000", "20260308T033000", "20260309T023000"])
        #expect(occurrences[1].instant() == Date(timeIntervalSince1970: 1_772_955_000))  // 07:30Z = 03:30 EDT
    }

    @Test func berlinSpringGapAndAutumnRepeat() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=DAILY")
        let spring = rule.preview(from: Self.zoned("20260328T023000", "Europe/Berlin"), count: 3)
        #expect(spring.map(\.compact) == ["20260328T023000", "20260329T033000", "20260330T023000"])
        // 02:30 on 2026-10-25 happens twice in Berlin; the first (CEST, +02:00) is taken.
        let autumn = rule.preview(from: Self.zoned("20261024T023000", "Europe/Berlin"), count: 3)
        #expect(autumn.map(\.compact) == ["20261024T023000", "20261025T023000", "20261026T023000"])
        #expect(autumn[1].instant() == Date(timeIntervalSince1970: 1_792_888_200))  // 00:30Z
    }

    @Test func sydneySpringGapInOctober() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=SU;COUNT=3")
        let occurrences = rule.preview(from: Self.zoned("20260927T021500", "Australia/Sydney"), count: 10)
        #expect(occurrences.map(\.compact) == ["20260927T021500", "20261004T031500", "20261011T021500"])
        let autumn = try RecurrenceRule(rrule: "FREQ=DAILY").preview(
            from: Self.zoned("20260404T090000", "Australia/Sydney"), count: 3)
        #expect(autumn.map(\.compact) == ["20260404T090000", "20260405T090000", "20260406T090000"])
        #expect(autumn[1].instant().timeIntervalSince(autumn[0].instant()) == 25 * 3600)
    }

    @Test func monthlyRuleLandingOnTheGapDayMovesOnlyThatOccurrence() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=MONTHLY;BYDAY=2SU;COUNT=3")
        let occurrences = rule.preview(from: Self.zoned("20260201T023000", "America/New_York"), count: 10)
        #expect(occurrences.map(\.compact) == ["20260208T023000", "20260308T033000", "20260412T023000"])
    }

    @Test func utcUntilIsComparedAsAnInstant() throws {
        let start = Self.zoned("20260307T090000", "America/New_York")
        // 2026-03-09 09:00 EDT is 13:00Z.
        let included = try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20260309T130000Z")
        #expect(
            included.preview(from: start, count: 10).map(\.compact)
                == ["20260307T090000", "20260308T090000", "20260309T090000"])
        let excluded = try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20260309T125959Z")
        #expect(excluded.preview(from: start, count: 10).map(\.compact) == ["20260307T090000", "20260308T090000"])
    }

    @Test func floatingStartKeepsItsReadingEverywhere() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=DAILY;COUNT=3")
        let occurrences = rule.preview(from: CivilDateTime(compact: "20260307T023000"), count: 10)
        #expect(occurrences.map(\.compact) == ["20260307T023000", "20260308T023000", "20260309T023000"])
        #expect(occurrences.allSatisfy { $0.isFloating })
    }

    @Test func allDayStartStaysDateOnly() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=DAILY;COUNT=3")
        let zonedAllDay = CivilDateTime(year: 2026, month: 3, day: 7, timeZone: TimeZone(identifier: "America/New_York"))
        let occurrences = rule.preview(from: zonedAllDay, count: 10)
        #expect(occurrences.map(\.compact) == ["20260307", "20260308", "20260309"])
        #expect(occurrences.allSatisfy { $0.isAllDay && $0.timeZone == TimeZone(identifier: "America/New_York") })
        #expect(rule.preview(from: CivilDateTime(compact: "20260307"), count: 10).allSatisfy { $0.isAllDay && $0.isFloating })
    }

    @Test func nextOccurrenceAfterAnInstantReadsItInTheSeriesZone() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=DAILY")
        let start = Self.zoned("20260301T090000", "America/New_York")
        // 2026-03-08 13:30Z is 09:30 EDT: that day's 09:00 has passed.
        let next = rule.firstOccurrence(after: Date(timeIntervalSince1970: 1_772_976_600), seriesStart: start)
        #expect(next?.compact == "20260309T090000")
        // 12:59:59Z is 08:59:59 EDT: 09:00 that day is still ahead.
        let same = rule.firstOccurrence(after: Date(timeIntervalSince1970: 1_772_974_799), seriesStart: start)
        #expect(same?.compact == "20260308T090000")
        let floating = rule.firstOccurrence(
            after: Date(timeIntervalSince1970: 1_772_976_600), seriesStart: CivilDateTime(compact: "20260301T090000"),
            floatingZone: TimeZone(identifier: "Europe/Berlin")!)
        #expect(floating?.compact == "20260309T090000")  // 14:30 in Berlin
    }
}
