import Foundation
import Testing

@testable import CivilTime

@Suite struct WallClockReadingTests {
    @Test func readsTheWallClockOfTheZone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        // 2026-03-29T00:59:59Z is 01:59:59 CET; one second later is 03:00:00 CEST.
        let before = WallClockReading(Date(timeIntervalSince1970: 1_774_745_999), in: berlin)
        #expect(before.year == 2026 && before.month == 3 && before.day == 29)
        #expect(before.hour == 1 && before.minute == 59 && before.second == 59)
        #expect(before.weekday == 1)  // A Sunday.
        let after = WallClockReading(Date(timeIntervalSince1970: 1_774_746_000), in: berlin)
        #expect(after.hour == 3 && after.minute == 0 && after.second == 0)
    }

    @Test func civilDateTimeOfAnInstantIsItsReading() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let date = CivilDateTime(instant: Date(timeIntervalSince1970: 1_767_225_600), in: tokyo)
        #expect(date == CivilDateTime(year: 2026, month: 1, day: 1, time: TimeOfDay(hour: 9, minute: 0), timeZone: tokyo))
    }
}
