import CivilTime
import Foundation
import Testing

@testable import GeoReminders

/// `utcOffset(in:)` (the fast path behind `iso8601`) agrees with `instant()` everywhere,
/// DST gaps and overlaps included.
@Suite struct CivilDateTimeOffsetTests {
    @Test(arguments: [
        "America/New_York", "Europe/Paris", "Australia/Lord_Howe", "Asia/Kolkata", "UTC",
        "America/St_Johns", "Pacific/Apia",
    ])
    func agreesWithInstantAroundTransitions(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        for (month, day) in [(3, 8), (3, 9), (3, 29), (3, 30), (4, 5), (10, 4), (10, 25), (10, 26), (11, 1), (11, 2), (12, 30)] {
            for hour in 0..<24 {
                for minute in [0, 15, 30, 59] {
                    let date = CivilDateTime(
                        year: 2026, month: month, day: day,
                        time: TimeOfDay(hour: hour, minute: minute), timeZone: zone)
                    #expect(
                        date.utcOffset(in: zone) == zone.secondsFromGMT(for: date.instant()),
                        "\(zoneName) \(month)-\(day) \(hour):\(minute)")
                }
            }
        }
    }

    @Test func text() {
        let paris = TimeZone(identifier: "Europe/Paris")!
        #expect(
            CivilDateTime(year: 2026, month: 3, day: 29, time: TimeOfDay(hour: 2, minute: 30), timeZone: paris).iso8601
                == "2026-03-29T02:30:00+02:00")
        #expect(
            CivilDateTime(year: 2026, month: 10, day: 25, time: TimeOfDay(hour: 2, minute: 30), timeZone: paris).iso8601
                == CivilDateTime(year: 2026, month: 10, day: 25, time: TimeOfDay(hour: 2, minute: 30), timeZone: paris)
                .iso8601Reference)
        #expect(CivilDateTime(year: 987, month: 1, day: 2).iso8601 == "0987-01-02")
        #expect(
            CivilDateTime(year: 2026, month: 1, day: 2, time: TimeOfDay(hour: 3, minute: 4, second: 5)).iso8601
                == "2026-01-02T03:04:05")
        #expect(
            CivilDateTime(
                year: 2026, month: 1, day: 2, time: TimeOfDay(hour: 3, minute: 4),
                timeZone: TimeZone(identifier: "UTC")
            ).iso8601 == "2026-01-02T03:04:00Z")
        #expect(
            CivilDateTime(
                year: 2026, month: 1, day: 2, time: TimeOfDay(hour: 3, minute: 4),
                timeZone: TimeZone(identifier: "Asia/Kolkata")
            ).iso8601 == "2026-01-02T03:04:00+05:30")
    }
}

extension CivilDateTime {
    /// The offset as `instant()` reads it, for comparison.
    fileprivate var iso8601Reference: String {
        let offset = timeZone!.secondsFromGMT(for: instant())
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", year, month, day, time!.hour, time!.minute,
            time!.second, offset < 0 ? "-" : "+", abs(offset) / 3600, abs(offset) % 3600 / 60)
    }
}
