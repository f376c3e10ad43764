import CivilTime
import Foundation
import Testing

@testable import GeoReminders

/// RRULE text in and out: exact round trips, normalisation, building in code, Codable.
struct RecurrenceRuleParsingTests {
    @Test(arguments: [
        "FREQ=MONTHLY;BYDAY=-1FR;COUNT=6",
        "FREQ=DAILY",
        "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH",
        "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
        "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
        "FREQ=YEARLY;BYWEEKNO=20,-1;BYDAY=MO;WKST=SU",
        "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200,-366",
        "FREQ=MONTHLY;BYMONTHDAY=-31,31;UNTIL=20261231",
        "FREQ=DAILY;UNTIL=20261231T235959",
        "COUNT=2;FREQ=DAILY",
        "FREQ=WEEKLY;INTERVAL=1;WKST=MO",
        "FREQ=YEARLY;BYDAY=53FR,-53MO",
        "FREQ=MONTHLY;BYDAY=SU,MO,1TU",
    ])
    func canonicalTextRoundTripsExactly(_ text: String) throws {
        let rule = try RecurrenceRule(rrule: text)
        #expect(rule.rrule == text)
        #expect(try RecurrenceRule(rrule: rule.rrule) == rule)
    }

    @Test func partsAreReadIntoTheirFields() throws {
        let rule = try RecurrenceRule(
            rrule:
                "FREQ=YEARLY;INTERVAL=2;BYMONTH=1,3;BYWEEKNO=-1;BYYEARDAY=-1,100;BYMONTHDAY=-2;BYDAY=MO,TU;BYSETPOS=-1,2;WKST=SU;UNTIL=20300101T120000Z"
        )
        #expect(rule.frequency == .yearly)
        #expect(rule.interval == 2)
        #expect(rule.monthsOfTheYear == [1, 3])
        #expect(rule.weeksOfTheYear == [-1])
        #expect(rule.daysOfTheYear == [-1, 100])
        #expect(rule.daysOfTheMonth == [-2])
        #expect(rule.daysOfTheWeek == [RecurrenceDayOfWeek(.monday), RecurrenceDayOfWeek(.tuesday)])
        #expect(rule.setPositions == [-1, 2])
        #expect(rule.firstDayOfTheWeek == .sunday)
        #expect(
            rule.end
                == .until(
                    CivilDateTime(
                        year: 2030, month: 1, day: 1, time: TimeOfDay(hour: 12, minute: 0), timeZone: RecurrenceRule.utc)))
        #expect(rule.fromCompletion == false)

        let monthly = try RecurrenceRule(rrule: "FREQ=MONTHLY;BYDAY=2TU,-1FR,+3WE;COUNT=6")
        #expect(
            monthly.daysOfTheWeek == [
                RecurrenceDayOfWeek(.tuesday, weekNumber: 2), RecurrenceDayOfWeek(.friday, weekNumber: -1),
                RecurrenceDayOfWeek(.wednesday, weekNumber: 3),
            ])
        #expect(monthly.end == .count(6))
        #expect(monthly.interval == 1)
        #expect(monthly.firstDayOfTheWeek == nil)
    }

    @Test(arguments: [
        ("freq=monthly;byday=-1fr;count=6", "FREQ=MONTHLY;BYDAY=-1FR;COUNT=6"),
        ("RRULE:FREQ=DAILY;COUNT=3", "FREQ=DAILY;COUNT=3"),
        ("FREQ=MONTHLY;BYDAY=+2TU", "FREQ=MONTHLY;BYDAY=2TU"),
        ("FREQ=MONTHLY;BYMONTHDAY=+05,-01", "FREQ=MONTHLY;BYMONTHDAY=5,-1"),
        ("FREQ=DAILY;INTERVAL=007", "FREQ=DAILY;INTERVAL=7"),
        ("FREQ=DAILY;until=20260101t090000z", "FREQ=DAILY;UNTIL=20260101T090000Z"),
    ])
    func nonCanonicalSpellingIsNormalised(_ input: String, _ canonical: String) throws {
        #expect(try RecurrenceRule(rrule: input).rrule == canonical)
    }

    @Test func rulesBuiltInCodeAreWrittenInCanonicalOrder() throws {
        let lastFriday = try RecurrenceRule(
            frequency: .monthly, end: .count(6), daysOfTheWeek: [RecurrenceDayOfWeek(.friday, weekNumber: -1)])
        #expect(lastFriday.rrule == "FREQ=MONTHLY;BYDAY=-1FR;COUNT=6")
        #expect(try RecurrenceRule(rrule: lastFriday.rrule) == lastFriday)

        let everything = try RecurrenceRule(
            frequency: .yearly, interval: 2,
            end: .until(CivilDateTime(year: 2030, month: 6, day: 1)),
            daysOfTheWeek: [RecurrenceDayOfWeek(.monday)], daysOfTheMonth: [1, -1], daysOfTheYear: [100],
            weeksOfTheYear: [10], monthsOfTheYear: [6], setPositions: [1], firstDayOfTheWeek: .sunday)
        #expect(
            everything.rrule
                == "FREQ=YEARLY;INTERVAL=2;BYMONTH=6;BYWEEKNO=10;BYYEARDAY=100;BYMONTHDAY=1,-1;BYDAY=MO;BYSETPOS=1;WKST=SU;UNTIL=20300601")
    }

    @Test func untilInAnotherZoneIsWrittenInUTC() throws {
        let newYork = TimeZone(identifier: "America/New_York")!
        let rule = try RecurrenceRule(
            frequency: .daily,
            end: .until(
                CivilDateTime(
                    year: 2026, month: 7, day: 1, time: TimeOfDay(hour: 21, minute: 30), timeZone: newYork)))
        #expect(rule.rrule == "FREQ=DAILY;UNTIL=20260702T013000Z")
    }

    @Test func codableKeepsTextAndFromCompletion() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO,WE", fromCompletion: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(rule)
        #expect(String(decoding: data, as: UTF8.self) == #"{"fromCompletion":true,"rrule":"FREQ=WEEKLY;BYDAY=MO,WE"}"#)
        #expect(try JSONDecoder().decode(RecurrenceRule.self, from: data) == rule)
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(RecurrenceRule.self, from: Data(#"{"fromCompletion":false}"#.utf8))
        }
        #expect(throws: RecurrenceRuleError.unknownFrequency(value: "FORTNIGHTLY")) {
            _ = try JSONDecoder().decode(RecurrenceRule.self, from: Data(#"{"rrule":"FREQ=FORTNIGHTLY"}"#.utf8))
        }
    }

    @Test func equalityCoversTextAndFromCompletion() throws {
        let a = try RecurrenceRule(rrule: "FREQ=DAILY;COUNT=3")
        #expect(a == (try RecurrenceRule(rrule: "FREQ=DAILY;COUNT=3")))
        #expect(a != (try RecurrenceRule(rrule: "FREQ=DAILY;COUNT=3", fromCompletion: true)))
        #expect(Set([a, try RecurrenceRule(rrule: "FREQ=DAILY;COUNT=3")]).count == 1)
        var b = a
        b.fromCompletion = true
        #expect(b.fromCompletion && b.rrule == "FREQ=DAILY;COUNT=3")
    }
}
