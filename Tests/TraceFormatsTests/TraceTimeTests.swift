import Foundation
import GeofenceEngine
import Testing

@testable import TraceFormats

@Suite struct TraceTimeTests {
    private func iso(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer(TraceTime.parseISO8601)
    }

    private func any(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer(TraceTime.parseAny)
    }

    @Test(
        arguments: [
            ("1970-01-01T00:00:00Z", 0.0),
            ("2024-05-04T07:00:00Z", 1_714_806_000),
            ("2024-05-04T07:00:00.123Z", 1_714_806_000.123),
            ("2024-05-04T07:00:00.123456Z", 1_714_806_000.123456),
            ("2024-05-04T07:00:00.1234567890123Z", 1_714_806_000 + 0.123456789),
            ("2024-05-04T09:00:00+02:00", 1_714_806_000),
            ("2024-05-04T09:00:00+0200", 1_714_806_000),
            ("2024-05-04T09:00:00+02", 1_714_806_000),
            ("2024-05-04T02:30:00-04:30", 1_714_806_000),
            ("2024-05-04 07:00:00", 1_714_806_000),
            ("2024-05-04t07:00z", 1_714_806_000),
            ("2024-05-04T07:00:00,5Z", 1_714_806_000.5),
            ("2024-02-29T12:00:00Z", 1_709_208_000),
            ("2000-02-29T00:00:00Z", 951_782_400),
            ("1969-12-31T23:59:59Z", -1),
            ("1900-03-01T00:00:00Z", -2_203_891_200),
            ("2016-12-31T23:59:60Z", 1_483_228_800),
        ] as [(String, Double)])
    func iso8601IsExact(text: String, seconds: Double) {
        #expect(iso(text) == seconds)
    }

    @Test(arguments: [
        "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-04-31T00:00:00Z", "2024-01-01T24:00:00Z",
        "2024-01-01T00:60:00Z", "2024-01-01T00:00:61Z", "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00+2",
        "2024-01-01T00:00:00+24:00", "2024-01-01T00:00:00 Z", "2024-01-01", "2024/01/01T00:00:00Z",
        "2024-01-01T00:00:00Zjunk", "20240101T000000Z", "",
    ])
    func invalidISO8601(text: String) {
        #expect(iso(text) == nil)
    }

    @Test(
        arguments: [
            ("1700000000", 1_700_000_000.0), ("1700000000.25", 1_700_000_000.25), ("1700000000123", 1_700_000_000.123),
            ("0", 0), ("2024-01-01T00:00:00Z", 1_704_067_200),
        ] as [(String, Double)])
    func epochAndISOValues(text: String, seconds: Double) {
        #expect(any(text) == seconds)
    }

    @Test(arguments: ["", "abc", "12:00", "1e400", "--1", "0x10"])
    func invalidTimeValues(text: String) {
        #expect(any(text) == nil)
    }

    @Test func daysFromCivilMatchesFoundationAcrossCenturies() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for year in stride(from: 1601, through: 2400, by: 7) {
            for month in [1, 2, 3, 12] {
                let date = calendar.date(from: DateComponents(year: year, month: month, day: 28))!
                #expect(TraceTime.daysFromCivil(year: year, month: month, day: 28) * 86_400 == Int(date.timeIntervalSince1970))
            }
        }
    }
}
