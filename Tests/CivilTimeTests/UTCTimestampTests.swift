import Foundation
import Testing

@testable import CivilTime

@Suite struct UTCTimestampTests {
    @Test(arguments: [
        (1_795_449_630.999, "2026-11-23T16:00:30Z"),
        (951_782_400, "2000-02-29T00:00:00Z"),
        (-0.5, "1969-12-31T23:59:59Z"),
        (-86_400.25, "1969-12-30T23:59:59Z"),
        (253_402_300_799.999, "9999-12-31T23:59:59Z"),
    ])
    func secondsAreTruncatedTowardThePast(seconds: Double, expected: String) {
        #expect(UTCTimestamp.string(Date(timeIntervalSince1970: seconds), precision: .seconds) == expected)
    }

    @Test func millisecondsOnlyWhenNotZero() {
        #expect(UTCTimestamp.string(Date(timeIntervalSince1970: 1.25), precision: .milliseconds) == "1970-01-01T00:00:01.250Z")
        #expect(UTCTimestamp.string(Date(timeIntervalSince1970: 1.0004), precision: .milliseconds) == "1970-01-01T00:00:01Z")
    }

    @Test func outsideYears1To9999IsNil() {
        #expect(UTCTimestamp.string(Date(timeIntervalSince1970: 253_402_300_800)) == nil)
        #expect(UTCTimestamp.string(Date(timeIntervalSince1970: -62_135_596_801)) == nil)
        var out: [UInt8] = []
        #expect(!UTCTimestamp.append(Date(timeIntervalSince1970: 1e12), precision: .seconds, to: &out))
        #expect(out.isEmpty)
    }

    @Test func civilDates() {
        #expect(UTCTimestamp.civilDate(daysSince1970: 0) == (1970, 1, 1))
        #expect(UTCTimestamp.civilDate(daysSince1970: 11_016) == (2000, 2, 29))
        #expect(UTCTimestamp.civilDate(daysSince1970: -1) == (1969, 12, 31))
    }
}
