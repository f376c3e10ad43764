import Foundation
import GeofenceEngine
import Testing

@testable import TraceFormats

@Suite struct NMEAReaderTests {
    @Test func carLoggerWithEveryKindOfSentence() throws {
        let (fixes, report) = try TraceFixtures.read("car-logger.nmea")
        #expect(report.format == .nmea)
        #expect(fixes.count == 5)
        #expect(fixes.first == Fix(time: TraceFixtures.date(1_688_169_599.5), latitude: 48 + 7.038 / 60, longitude: 11 + 31.0 / 60))
        // A GGA just after midnight takes the next day from the RMC before it.
        #expect(fixes[1] == Fix(time: TraceFixtures.date(1_688_169_600), latitude: 48 + 7.04 / 60, longitude: 11 + 31.01 / 60))
        #expect(fixes[2].time == TraceFixtures.date(1_688_169_602))
        #expect(fixes[3].time == TraceFixtures.date(1_688_169_604))
        #expect(fixes.last == Fix(time: TraceFixtures.date(1_688_169_605), latitude: -(33 + 51.0 / 60), longitude: -(151 + 12.5 / 60)))
        #expect(report.skipped == [.noDate: 1, .skippedSentence: 3, .noFix: 2, .duplicate: 1, .badChecksum: 1, .unparsable: 1])
        #expect(report.samples[.noDate]?.map(\.line) == [1])
        #expect(report.samples[.noFix]?.map(\.line) == [3, 10])
        #expect(report.samples[.duplicate]?.map(\.line) == [6])
        #expect(report.samples[.badChecksum]?.map(\.line) == [8])
        #expect(report.samples[.skippedSentence]?.map(\.line) == [2, 7, 14])
        #expect(report.samples[.unparsable]?.map(\.line) == [13])
    }

    @Test(arguments: [
        ("$GPRMC,120000.00,A,4807.038,N,01131.000,E,0,0,010124,,,A", SkipReason.badChecksum),
        ("$GPRMC,120000.00,A,4807.038,N,01131.000,E,0,0,010124,,,A*ZZ", SkipReason.badChecksum),
        (sentence("GPRMC,120000.00,A,,,,,0,0,010124,,,A"), SkipReason.noCoordinates),
        (sentence("GPRMC,120000.00,A,4807.038,X,01131.000,E,0,0,010124,,,A"), SkipReason.unparsable),
        (sentence("GPRMC,250000.00,A,4807.038,N,01131.000,E,0,0,010124,,,A"), SkipReason.badTime),
        (sentence("GPRMC,120000.00,A,4807.038,N,01131.000,E,0,0,310224,,,A"), SkipReason.badTime),
        (sentence("GPRMC,120000.00,A,4807.038,N,01131.000,E,0,0,010124,,,N"), SkipReason.noFix),
        (sentence("GPRMC,120000"), SkipReason.unparsable),
        (sentence("GPVTG,054.7,T,034.4,M,005.5,N,010.2,K"), SkipReason.skippedSentence),
    ])
    func rejectedSentences(line: String, reason: SkipReason) throws {
        let good = sentence("GPRMC,120001.00,A,4807.038,N,01131.000,E,0,0,010124,,,A")
        let (fixes, report) = try TraceFixtures.read(text: line + "\n" + good + "\n", named: "x.nmea")
        #expect(fixes.count == 1)
        #expect(report.skipped == [reason: 1])
    }

    @Test func logWithoutExtensionIsSniffed() throws {
        let text = sentence("GNRMC,083559.123,A,4717.11437,N,00833.91522,E,0.004,77.52,091202,,,A") + "\n"
        let (fixes, report) = try TraceFixtures.read(text: text, named: "serial.log")
        #expect(report.format == .nmea)
        #expect(
            fixes == [
                Fix(
                    time: TraceFixtures.date(1_039_422_959.123), latitude: 47 + 17.11437 / 60,
                    longitude: 8 + 33.91522 / 60)
            ])
    }

    @Test func noUsableSentenceIsAnError() {
        #expect(
            TraceFixtures.error("all-bad.nmea")
                == .noUsableFix(
                    file: TraceFixtures.path("all-bad.nmea"), format: .nmea, skipped: ["no-fix": 1, "skipped-sentence": 1]))
    }
}

/// `$body*hh` with the checksum NMEA 0183 requires.
private func sentence(_ body: String) -> String {
    let sum = body.utf8.reduce(UInt8(0), ^)
    let hex = String(sum, radix: 16, uppercase: true)
    return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)"
}
