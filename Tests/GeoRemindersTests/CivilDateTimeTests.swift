import CivilTime
import Foundation
import Testing

@testable import GeoReminders

private let newYork = TimeZone(identifier: "America/New_York")!
private let utc = TimeZone(identifier: "UTC")!

@Suite struct CivilDateTimeTests {
    /// The store's date column: fixed-width text, zero-padded, read back to the same fields.
    @Test(arguments: [
        (CivilDateTime(year: 2026, month: 11, day: 23), "2026-11-23"),
        (CivilDateTime(year: 42, month: 1, day: 9), "0042-01-09"),
        (CivilDateTime(year: 1, month: 1, day: 1, time: TimeOfDay(hour: 0, minute: 0)), "0001-01-01T00:00:00"),
        (CivilDateTime(year: 9999, month: 12, day: 31, time: TimeOfDay(hour: 23, minute: 59, second: 59)), "9999-12-31T23:59:59"),
        (CivilDateTime(year: 2026, month: 3, day: 29, time: TimeOfDay(hour: 2, minute: 30, second: 5)), "2026-03-29T02:30:05"),
    ])
    func storageTextIsFixedWidthAndReadsBack(date: CivilDateTime, text: String) {
        #expect(date.storageText == text)
        #expect(CivilDateTime(storageText: text, timeZoneIdentifier: nil) == date)
    }

    @Test func allDayKeepsTheZoneAndHasNoTime() throws {
        let date = try CivilDateTime(iso8601: "2026-11-23", timeZone: newYork)
        #expect(date == CivilDateTime(year: 2026, month: 11, day: 23, time: nil, timeZone: newYork))
        #expect(date.iso8601 == "2026-11-23")
        #expect(date.instant() == Date(timeIntervalSince1970: 1_795_410_000))  // 05:00Z
    }

    @Test func wallClockIsReadInTheGivenZone() throws {
        let date = try CivilDateTime(iso8601: "2026-11-23T16:00", timeZone: newYork)
        #expect(date.time == TimeOfDay(hour: 16, minute: 0, second: 0))
        #expect(date.iso8601 == "2026-11-23T16:00:00-05:00")
        #expect(date.instant() == Date(timeIntervalSince1970: 1_795_467_600))
    }

    @Test func wallClockWithoutZoneIsFloating() throws {
        let date = try CivilDateTime(iso8601: "2026-11-23T16:00:30", timeZone: nil)
        #expect(date.isFloating)
        #expect(date.iso8601 == "2026-11-23T16:00:30")
        #expect(date.instant(floatingZone: utc) == Date(timeIntervalSince1970: 1_795_449_630))
    }

    @Test func utcInstantIsKeptInTheRequestedZone() throws {
        let date = try CivilDateTime(iso8601: "2026-11-23T16:00:00Z", timeZone: newYork)
        #expect(
            date
                == CivilDateTime(
                    year: 2026, month: 11, day: 23,
                    time: TimeOfDay(hour: 11, minute: 0), timeZone: newYork))
        #expect(try CivilDateTime(iso8601: "2026-11-23T16:00:00Z", timeZone: nil).iso8601 == "2026-11-23T16:00:00Z")
    }

    @Test func offsetInstant() throws {
        let date = try CivilDateTime(iso8601: "2026-03-09T09:00:00-04:00", timeZone: nil)
        #expect(date.instant() == Date(timeIntervalSince1970: 1_773_061_200))
        #expect(date.iso8601 == "2026-03-09T09:00:00-04:00")
    }

    @Test func offsetFollowsDaylightSaving() throws {
        let summer = try CivilDateTime(iso8601: "2026-07-01T09:00", timeZone: newYork)
        #expect(summer.iso8601 == "2026-07-01T09:00:00-04:00")
    }

    @Test func leapDay() throws {
        #expect(try CivilDateTime(iso8601: "2028-02-29", timeZone: nil).day == 29)
        #expect(throws: DateInputError.outOfRange(text: "2026-02-29", field: "day")) {
            try CivilDateTime(iso8601: "2026-02-29", timeZone: nil)
        }
        #expect(throws: DateInputError.outOfRange(text: "1900-02-29", field: "day")) {
            try CivilDateTime(iso8601: "1900-02-29", timeZone: nil)
        }
    }

    @Test(arguments: [
        "", "2026", "2026-1-05", "2026-11-23T", "2026-11-23T16", "2026-11-23T16:00Zx",
        "2026/11/23", "tomorrow", "2026-11-23T16:00+5",
    ])
    func malformed(text: String) {
        #expect(throws: DateInputError.malformed(text: text)) { try CivilDateTime(iso8601: text, timeZone: nil) }
    }

    @Test func outOfRangeFieldsAreNamed() {
        #expect(throws: DateInputError.outOfRange(text: "2026-13-01", field: "month")) {
            try CivilDateTime(iso8601: "2026-13-01", timeZone: nil)
        }
        #expect(throws: DateInputError.outOfRange(text: "2026-11-23T24:00", field: "hour")) {
            try CivilDateTime(iso8601: "2026-11-23T24:00", timeZone: nil)
        }
        #expect(throws: DateInputError.outOfRange(text: "2026-11-23T10:60", field: "minute")) {
            try CivilDateTime(iso8601: "2026-11-23T10:60", timeZone: nil)
        }
    }

    @Test func timeZoneOption() throws {
        #expect(try TimeZone.named(option: "floating") == nil)
        #expect(try TimeZone.named(option: "Europe/Paris")?.identifier == "Europe/Paris")
        #expect(throws: DateInputError.unknownTimeZone(name: "Mars/Olympus")) { try TimeZone.named(option: "Mars/Olympus") }
    }
}
