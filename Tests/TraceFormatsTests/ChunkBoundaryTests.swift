import Foundation
import GeofenceEngine
import Testing

@testable import TraceFormats

/// Every sample read a few bytes at a time, so that read boundaries fall inside every
/// line, token, tag and gzip block: the fixes and counts must not change.
@Suite struct ChunkBoundaryTests {
    @Test(arguments: [
        "ride-garmin.gpx", "logger-prefixed.gpx", "gpslogger.csv", "phone-export-ms.csv", "tracker.tsv",
        "togeojson-track.geojson", "points.geojson", "car-logger.nmea", "owntracks.ndjson",
        "recorder-2023-01.rec", "gpslogger.csv.gz",
    ])
    func tinyBuffersReadTheSame(name: String) throws {
        let reader = TraceReader(path: TraceFixtures.path(name))
        var expected: [Fix] = []
        let expectedReport = try reader.read { expected.append($0) }
        for readLimit in [1, 2, 3, 5, 8, 13, 21, 34, 55, 89] {
            var fixes: [Fix] = []
            let report = try reader.read(readLimit: readLimit, sniffLength: 200) { fixes.append($0) }
            #expect(fixes == expected, "read limit \(readLimit)")
            #expect(report == expectedReport, "read limit \(readLimit)")
        }
    }
}
