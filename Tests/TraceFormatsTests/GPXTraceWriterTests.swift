import Foundation
import GeofenceEngine
import TestSupport
import Testing

@testable import TraceFormats

private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("georemind-\(UUID().uuidString)-\(name)").path
}

private func contents(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
}

private let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="georemind" xmlns="http://www.topografix.com/GPX/1/1" \
    xmlns:georemind="urn:x-georemind:gpx:1">
     <trk>\n
    """

@Suite struct GPXTraceWriterTests {
    @Test func twoFixTraceExactText() throws {
        let path = temporaryPath("two.gpx")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fixes = [
            Fix(time: Date(timeIntervalSince1970: 1_795_453_200), latitude: 48.8566, longitude: 2.3522, device: "phone"),
            Fix(
                time: Date(timeIntervalSince1970: 1_795_453_260.25), latitude: -33.868_819_812_3,
                longitude: -151.209_295_5, accuracy: 4.5),
        ]
        #expect(try GPXTraceWriter.write(fixes, toPath: path, name: "phone") == 2)
        #expect(
            try contents(path) == header + """
                  <name>phone</name>
                  <trkseg>
                   <trkpt lat="48.8566" lon="2.3522"><time>2026-11-23T17:00:00Z</time></trkpt>
                   <trkpt lat="-33.868819812" lon="-151.2092955"><time>2026-11-23T17:01:00.250Z</time>\
                <extensions><georemind:accuracy>4.5</georemind:accuracy></extensions></trkpt>
                  </trkseg>
                 </trk>
                </gpx>\n
                """)
    }

    @Test func emptyTraceWithoutNameOrTime() throws {
        let path = temporaryPath("empty.gpx")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try GPXTraceWriter(path: path)
        try writer.write(Fix(time: nil, latitude: 0, longitude: -0.0))
        try writer.finish()
        #expect(
            try contents(path) == header + """
                  <trkseg>
                   <trkpt lat="0" lon="0"></trkpt>
                  </trkseg>
                 </trk>
                </gpx>\n
                """)
    }

    @Test func namesAreEscaped() throws {
        let path = temporaryPath("escape.gpx")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try GPXTraceWriter.write([Fix](), toPath: path, name: "Tom & Jerry's <\"car\">\u{1}\tÉté 🚗")
        #expect(
            try contents(path).contains(
                "  <name>Tom &amp; Jerry&apos;s &lt;&quot;car&quot;&gt;\u{FFFD}\tÉté 🚗</name>\n"))
    }

    @Test(arguments: [
        (1_795_453_200.0, "2026-11-23T17:00:00Z"),
        (1_795_453_200.25, "2026-11-23T17:00:00.250Z"),
        (1_795_453_200.0004, "2026-11-23T17:00:00Z"),
        (1_795_453_200.0996, "2026-11-23T17:00:00.100Z"),
        (951_782_400, "2000-02-29T00:00:00Z"),
        (0, "1970-01-01T00:00:00Z"),
        (-1, "1969-12-31T23:59:59Z"),
        (-0.5, "1969-12-31T23:59:59.500Z"),
        (-3_155_760_000, "1869-12-31T00:00:00Z"),
        (-62_135_596_800, "0001-01-01T00:00:00Z"),
        (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
    ])
    func timesAreUTCWithMillisecondsOnlyWhenNeeded(seconds: Double, expected: String) {
        var out: [UInt8] = []
        #expect(GPXText.appendTime(Date(timeIntervalSince1970: seconds), to: &out))
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }

    @Test(arguments: [
        (-180.0, "-180"), (179.999_999_999_6, "180"), (1e-10, "0"), (-5e-10, "-0.000000001"),
        (12.000_000_100_4, "12.0000001"), (0.5, "0.5"),
    ])
    func decimalsDropTrailingZeros(value: Double, expected: String) {
        var out: [UInt8] = []
        GPXText.appendDecimal(value, decimals: 9, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }

    @Test func writtenCoordinatesReadBackWithinOneCentimetre() throws {
        var noise = GaussianNoise(sigma: 1, seed: 5)
        var generator = SplitMix64(seed: 77)
        for _ in 0..<10_000 {
            let point = Coordinate(latitude: generator.nextUnit() * 180 - 90, longitude: generator.nextUnit() * 360 - 180)
            let fix = Fix(time: nil, coordinate: noise.perturb(point))
            var out: [UInt8] = []
            GPXText.appendDecimal(fix.coordinate.latitude, decimals: 9, to: &out)
            let latitude = Double(String(decoding: out, as: UTF8.self))!
            out.removeAll()
            GPXText.appendDecimal(fix.coordinate.longitude, decimals: 9, to: &out)
            let longitude = Double(String(decoding: out, as: UTF8.self))!
            let back = Coordinate(latitude: latitude, longitude: longitude)
            #expect(Geodesic.wgs84.distance(from: fix.coordinate, to: back) < 0.0001)
        }
    }

    @Test func streamsALongTripThroughABorrowedHandle() throws {
        let path = temporaryPath("long.gpx")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        let plan = try TripPlan(
            from: paris, to: offset(paris, 50_000, azimuth: 120),
            departure: Date(timeIntervalSince1970: 1_795_453_200), speed: 10, interval: 1,
            linger: 60, noise: 3, seed: 1)
        let writer = GPXTraceWriter(handle: handle, file: "trip", name: "phone")
        try writer.write(contentsOf: plan.fixes)
        try writer.finish()
        // The handle is still open: its owner can write after the document.
        try handle.write(contentsOf: Data("<!-- end -->\n".utf8))
        try handle.close()
        let text = try contents(path)
        #expect(writer.count == 5061)
        #expect(plan.fixCount == 5061)
        #expect(text.components(separatedBy: "<trkpt ").count - 1 == 5061)
        #expect(text.components(separatedBy: "<georemind:accuracy>3</georemind:accuracy>").count - 1 == 5061)
        #expect(text.hasSuffix("  </trkseg>\n </trk>\n</gpx>\n<!-- end -->\n"))
    }

    @Test func missingDirectoryNamesTheFile() {
        #expect(throws: GPXWriteError.cannotCreate(file: "/nonexistent-georemind/x.gpx", reason: "No such file or directory")) {
            try GPXTraceWriter(path: "/nonexistent-georemind/x.gpx")
        }
        #expect(
            "\(GPXWriteError.cannotCreate(file: "/a/x.gpx", reason: "No such file or directory"))"
                == "cannot create GPX file '/a/x.gpx': No such file or directory")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func fullDeviceFailsOnFlushAndKeepsFailing() throws {
        let writer = try GPXTraceWriter(path: "/dev/full")
        let fix = Fix(time: nil, latitude: 1, longitude: 2)
        let error = GPXWriteError.writeFailed(file: "/dev/full", reason: "No space left on device")
        #expect(throws: error) { try writer.finish() }
        #expect(throws: error) { try writer.write(fix) }
        #expect(throws: error) { try writer.finish() }
    }

    @Test func badFixesAreRefusedAndNotWritten() throws {
        let path = temporaryPath("bad.gpx")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try GPXTraceWriter(path: path)
        try writer.write(Fix(time: nil, latitude: 1, longitude: 1))
        #expect(throws: GPXWriteError.badCoordinate(file: path, fix: 1, latitude: 91, longitude: 0)) {
            try writer.write(Fix(time: nil, latitude: 91, longitude: 0))
        }
        #expect(throws: GPXWriteError.timeOutOfRange(file: path, fix: 1, secondsSince1970: 1e12)) {
            try writer.write(Fix(time: Date(timeIntervalSince1970: 1e12), latitude: 2, longitude: 2))
        }
        try writer.finish()
        #expect(throws: GPXWriteError.finished(file: path)) { try writer.finish() }
        #expect(
            try contents(path) == header + """
                  <trkseg>
                   <trkpt lat="1" lon="1"></trkpt>
                  </trkseg>
                 </trk>
                </gpx>\n
                """)
        #expect(
            "\(GPXWriteError.timeOutOfRange(file: "t.gpx", fix: 1, secondsSince1970: 1e12))"
                == "GPX file 't.gpx': fix 2 time (1000000000000.0 s since 1970) is outside the years 0001 to 9999")
    }

    @Test func droppedWriterClosesItsFile() throws {
        let path = temporaryPath("dropped.gpx")
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let writer = try GPXTraceWriter(path: path)
            try writer.write(Fix(time: nil, latitude: 1, longitude: 1))
        }
        // Nothing was flushed: the buffer is discarded with the writer, and the file is empty.
        #expect(try contents(path) == "")
    }
}
