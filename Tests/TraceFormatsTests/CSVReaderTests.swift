import Foundation
import GeofenceEngine
import Testing

@testable import TraceFormats

@Suite struct CSVReaderTests {
    @Test func gpsLoggerExportWithISOTimesAndQuotedComma() throws {
        let (fixes, report) = try TraceFixtures.read("gpslogger.csv")
        #expect(report.format == .csv)
        #expect(fixes.count == 4)
        #expect(report.fixes == 4)
        #expect(fixes.first == Fix(time: TraceFixtures.date(1_685_606_400), latitude: 52.520008, longitude: 13.404954, accuracy: 3.79))
        #expect(fixes.last == Fix(time: TraceFixtures.date(1_685_606_420.5), latitude: 52.520408, longitude: 13.405354, accuracy: 5.5))
        #expect(fixes[2].accuracy == nil)
        #expect(report.skipped == [.noCoordinates: 1])
        #expect(report.samples[.noCoordinates] == [TraceLocation(file: TraceFixtures.path("gpslogger.csv"), line: 5)])
    }

    /// A header wider than the reader's first guess (64 fields) is read whole; one past the limit is refused.
    @Test func wideHeadersAreReadOrRefusedByTheLimit() throws {
        let extra = (0..<100).map { "c\($0)" }
        let text =
            (extra + ["lat", "lon", "time"]).joined(separator: ",") + "\n"
            + (extra.map { _ in "x" } + ["48.5", "2.25", "1700000000"]).joined(separator: ",") + "\n"
        let (fixes, _) = try TraceFixtures.read(text: text, named: "wide.csv")
        #expect(fixes == [Fix(time: TraceFixtures.date(1_700_000_000), latitude: 48.5, longitude: 2.25)])
        let tooWide = (0...CSVTraceReader.maximumColumns).map { "c\($0)" }.joined(separator: ",") + ",lat,lon\n1,2\n"
        #expect(throws: TraceError.self) { try TraceFixtures.read(text: tooWide, named: "too-wide.csv") }
        do {
            _ = try TraceFixtures.read(text: tooWide, named: "too-wide.csv")
        } catch let error as TraceError {
            #expect(error.description.hasSuffix("too-wide.csv:1: malformed: the header has 1027 columns; at most 1024 are read"))
        }
    }

    @Test func semicolonSeparatedEpochMillisecondsWithQuotedDevices() throws {
        let (fixes, report) = try TraceFixtures.read("phone-export-ms.csv")
        #expect(fixes.count == 5)
        #expect(
            fixes.first
                == Fix(
                    time: TraceFixtures.date(1_700_000_000), latitude: 40.7127753, longitude: -74.0059728,
                    accuracy: 12.5, device: "Pixel 8"))
        #expect(fixes[1].time == TraceFixtures.date(1_700_000_060.123))
        #expect(fixes[2] == Fix(time: TraceFixtures.date(1_700_000_180), latitude: 40.7135, longitude: -74.0065, accuracy: 10))
        #expect(fixes[3].device == "Ann's \"work\" phone")
        #expect(fixes[3].time == TraceFixtures.date(1_700_000_240.999))
        // Out-of-range coordinates are yielded as read; the engine rejects them.
        #expect(
            fixes.last
                == Fix(
                    time: TraceFixtures.date(1_700_000_300), latitude: 91.5, longitude: -74.008,
                    accuracy: 5, device: "Pixel 8"))
        #expect(report.skipped == [.unparsable: 1, .badTime: 1])
        #expect(report.samples[.unparsable]?.map(\.line) == [4])
        #expect(report.samples[.badTime]?.map(\.line) == [6])
    }

    @Test func tabSeparatedEpochSecondsWithAnEmptyTime() throws {
        let (fixes, report) = try TraceFixtures.read("tracker.tsv")
        #expect(fixes.count == 4)
        #expect(fixes.first == Fix(time: TraceFixtures.date(1_609_459_200), latitude: 35.6762, longitude: 139.6503))
        #expect(fixes[1].time == TraceFixtures.date(1_609_459_210.25))
        #expect(fixes[2].time == nil)
        #expect(fixes.last == Fix(time: TraceFixtures.date(1_609_459_230), latitude: 35.6765, longitude: 139.6506))
        #expect(report.totalSkipped == 0)
    }

    @Test(arguments: [
        ("Date,LATITUDE,Long,ACC,device_id\n2024-01-01T00:00:00Z,1.5,2.5,3,a\n", "a"),
        ("timestamp;latitude;longitude;horizontal_accuracy;tid\n2024-01-01T00:00:00Z;1.5;2.5;3;a\n", "a"),
        ("\u{FEFF}\"time\",\"lat\",\"lon\",\"accuracy\",\"device\"\n\"2024-01-01T00:00:00Z\",\"1.5\",\"2.5\",\"3\",\"a\"\n", "a"),
    ])
    func headerNamesAreCaseInsensitiveAndQuoted(text: String, device: String) throws {
        let (fixes, _) = try TraceFixtures.read(text: text, named: "x.csv")
        #expect(fixes == [Fix(time: TraceFixtures.date(1_704_067_200), latitude: 1.5, longitude: 2.5, accuracy: 3, device: device)])
    }

    @Test func separateDateAndTimeColumnsAreJoined() throws {
        let text = "Date,Time,Lat,Lon\n2024-05-04,07:00:00.5,1,2\n2024-05-04,2024-05-04T08:00:00Z,3,4\n2024-05-04,noon,5,6\n"
        let (fixes, report) = try TraceFixtures.read(text: text, named: "x.csv")
        #expect(fixes.map(\.time) == [TraceFixtures.date(1_714_806_000.5), TraceFixtures.date(1_714_809_600)])
        #expect(report.skipped == [.badTime: 1])
    }

    @Test func dateColumnAloneIsTheTime() throws {
        let (fixes, _) = try TraceFixtures.read(text: "date;lat;lon\n2024-05-04T07:00:00Z;1;2\n", named: "x.csv")
        #expect(fixes.map(\.time) == [TraceFixtures.date(1_714_806_000)])
    }

    @Test func defaultDeviceFillsRowsWithoutOne() throws {
        let text = "lat,lon,device\n1,2,\n3,4,b\n"
        let (fixes, _) = try TraceFixtures.read(text: text, named: "x.csv", options: TraceReadOptions(defaultDevice: "car"))
        #expect(fixes.map(\.device) == ["car", "b"])
        #expect(fixes.map(\.time) == [nil, nil])
    }

    @Test func unclosedQuoteAndNonNumericAccuracyAreUnparsable() throws {
        let text = "time,lat,lon,acc\n2024-01-01T00:00:00Z,\"1,2\n2024-01-01T00:00:00Z,1,2,wide\n2024-01-01T00:00:00Z,1,2,3\n"
        let (fixes, report) = try TraceFixtures.read(text: text, named: "x.csv")
        #expect(fixes.count == 1)
        #expect(report.skipped == [.unparsable: 2])
        #expect(report.samples[.unparsable]?.map(\.line) == [2, 3])
    }

    @Test func headerWithoutCoordinatesIsAnError() {
        #expect(
            TraceFixtures.error("no-columns.csv")
                == .missingColumn(
                    file: TraceFixtures.path("no-columns.csv"), column: "latitude (lat, latitude)", header: "when, where"))
    }

    @Test func blankFileIsAnError() {
        #expect(TraceFixtures.error("empty.csv") == .empty(file: TraceFixtures.path("empty.csv")))
    }

    @Test func noUsableRowIsAnError() throws {
        do {
            _ = try TraceFixtures.read(text: "lat,lon\n,\n,\n", named: "x.csv")
            Issue.record("expected an error")
        } catch let error as TraceError {
            guard case let .noUsableFix(_, format, skipped) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(format == .csv)
            #expect(skipped == ["no-coordinates": 2])
        }
    }

    @Test func samplesStopAtTheLimitButCountsGoOn() throws {
        let text = "lat,lon\n" + String(repeating: "x,y\n", count: 8) + "1,2\n"
        let (_, report) = try TraceFixtures.read(text: text, named: "x.csv", options: TraceReadOptions(samplesPerReason: 3))
        #expect(report.skipped == [.unparsable: 8])
        #expect(report.samples[.unparsable]?.map(\.line) == [2, 3, 4])
    }
}
