import Foundation
import GeofenceEngine
import Testing

@testable import TraceFormats

/// Detection, gzip, standard input, and how reading fails as a whole.
@Suite struct TraceInputTests {
    @Test(arguments: [
        ("ride.gpx", TraceFormat.gpx), ("RIDE.GPX.GZ", .gpx), ("a/b.c/log.csv", .csv), ("x.tsv", .csv),
        ("x.json", .geojson), ("x.geojson.gz", .geojson), ("x.jsonl", .ndjson), ("x.ndjson", .ndjson),
        ("x.rec", .ndjson), ("x.nmea", .nmea),
    ])
    func formatFromExtension(name: String, format: TraceFormat) {
        #expect(TraceFormat.fromExtension(of: name) == format)
    }

    @Test(arguments: ["x.log", "x.txt", "x", "x.gz", "dir.gpx/file"])
    func extensionsThatSayNothing(name: String) {
        #expect(TraceFormat.fromExtension(of: name) == nil)
    }

    @Test(arguments: [
        ("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">", TraceFormat?.some(.gpx)),
        ("\u{FEFF}  $GPGGA,1", .nmea),
        ("!AIVDM,1", .nmea),
        ("{\"type\": \"FeatureCollection\", \"features\": []}", .geojson),
        ("{\"lat\":1,\"lon\":2}", .ndjson),
        ("{\"a\":1}\n{\"a\":2}\n", .ndjson),
        ("{\n  \"features\": [\n    {\"properties\": {\"lat\": 1}}\n  ]\n}\n", .geojson),
        ("{\"features\":[{\"geometry\":{\"type\":\"Point\"", .geojson),
        ("Time;Latitude;Longitude\n", .csv),
        ("<kml>", nil),
        ("hello, world", nil),
    ])
    func sniffing(text: String, format: TraceFormat?) {
        #expect(TraceFormat.sniff(Array(text.utf8)) == format)
    }

    @Test func formatRawValuesAreTheCLINames() {
        #expect(TraceFormat.allCases.map(\.rawValue) == ["gpx", "csv", "geojson", "nmea", "ndjson"])
    }

    @Test func gzipIsReadTransparently() throws {
        let (fixes, report) = try TraceFixtures.read("gpslogger.csv.gz")
        let (plain, _) = try TraceFixtures.read("gpslogger.csv")
        #expect(report.format == .csv)
        #expect(fixes == plain)
        #expect(report.bytes == 1083)
    }

    @Test func concatenatedGzipMembersAreOneStream() throws {
        let first = try Data(contentsOf: TraceFixtures.directory.appendingPathComponent("gpslogger.csv.gz"))
        let second = try gzipped("2023-06-01T09:00:00Z,1.5,2.5,,,,,,,,,,,,,,,,,,,,,\n")
        let (fixes, _) = try TraceFixtures.read(data: first + second, named: "joined.csv.gz")
        #expect(fixes.count == 5)
        #expect(fixes.last == Fix(time: TraceFixtures.date(1_685_610_000), latitude: 1.5, longitude: 2.5))
    }

    @Test func gzipWithoutGzExtensionIsDetectedByMagic() throws {
        let data = try Data(contentsOf: TraceFixtures.directory.appendingPathComponent("gpslogger.csv.gz"))
        let (fixes, report) = try TraceFixtures.read(data: data, named: "download.bin")
        #expect(report.format == .csv)
        #expect(fixes.count == 4)
    }

    @Test func cutGzipIsTruncated() {
        let error = TraceFixtures.error("cut.csv.gz")
        guard case let .truncated(file, _, reason)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(file == TraceFixtures.path("cut.csv.gz"))
        #expect(reason == "the gzip stream ends before its end marker")
    }

    @Test func corruptGzipIsMalformed() throws {
        var data = try Data(contentsOf: TraceFixtures.directory.appendingPathComponent("gpslogger.csv.gz"))
        // The CRC-32 in the trailer no longer matches the data.
        data[data.count - 8] ^= 0xFF
        do {
            _ = try TraceFixtures.read(data: data, named: "bad.csv.gz")
            Issue.record("expected an error")
        } catch let error as TraceError {
            guard case let .malformed(_, _, reason) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(reason == "bad gzip data: incorrect data check")
        }
    }

    @Test func unknownContentIsAnError() {
        #expect(TraceFixtures.error("mystery.txt") == .unknownFormat(file: TraceFixtures.path("mystery.txt")))
    }

    @Test func missingFileCannotBeRead() {
        #expect(
            TraceFixtures.error("absent.gpx")
                == .cannotRead(
                    file: TraceFixtures.path("absent.gpx"), reason: "No such file or directory"))
    }

    @Test func directoryCannotBeRead() {
        #expect(TraceFixtures.error(".") == .cannotRead(file: TraceFixtures.path("."), reason: "is a directory"))
    }

    @Test func lineLongerThanTheLimitIsAnError() throws {
        let text = "lat,lon\n" + String(repeating: "1", count: TraceInput.maximumLine + 10) + ",2\n"
        do {
            _ = try TraceFixtures.read(text: text, named: "long.csv")
            Issue.record("expected an error")
        } catch let error as TraceError {
            guard case let .lineTooLong(_, line, limit) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(line == 2)
            #expect(limit == TraceInput.maximumLine)
        }
    }

    @Test func linesLongerThanOneChunkGrowTheBuffer() throws {
        let padding = String(repeating: " ", count: TraceInput.chunkSize * 2)
        let text = "lat,lon\n1,2\n3,\(padding)4\n5,6"
        let (fixes, _) = try TraceFixtures.read(text: text, named: "wide.csv")
        #expect(
            fixes.map(\.coordinate) == [
                Coordinate(latitude: 1, longitude: 2), Coordinate(latitude: 3, longitude: 4),
                Coordinate(latitude: 5, longitude: 6),
            ])
    }

    @Test func standardInputIsReadForDash() throws {
        let folder = FileManager.default.temporaryDirectory
        let file = folder.appendingPathComponent("stdin-\(UUID().uuidString).ndjson")
        try Data("{\"lat\":1,\"lon\":2,\"tst\":3}\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let saved = dup(STDIN_FILENO)
        let descriptor = open(file.path, O_RDONLY)
        dup2(descriptor, STDIN_FILENO)
        close(descriptor)
        defer {
            dup2(saved, STDIN_FILENO)
            close(saved)
        }
        var fixes: [Fix] = []
        let report = try TraceReader(path: "-").read { fixes.append($0) }
        #expect(report.format == .ndjson)
        #expect(report.file == "-")
        #expect(fixes == [Fix(time: TraceFixtures.date(3), latitude: 1, longitude: 2)])
    }

    @Test func errorMessagesNameTheFile() {
        #expect(
            TraceError.truncated(file: "a.gpx", line: 9, reason: "the XML ends early").description
                == "a.gpx:9: truncated: the XML ends early")
        #expect(
            TraceError.noUsableFix(file: "b.nmea", format: .nmea, skipped: ["no-fix": 2, "bad-checksum": 1]).description
                == "b.nmea: no usable fix in this NMEA file (skipped bad-checksum: 1, no-fix: 2)")
        #expect(
            TraceError.notFormat(file: "c.gpx", expected: .gpx, reason: "the content looks like CSV").description
                == "c.gpx: expected GPX content, but the content looks like CSV")
    }

    @Test func skipReasonKeysAreStableKebabCase() {
        #expect(
            SkipReason.allCases.map(\.rawValue) == [
                "unparsable", "bad-time", "no-coordinates", "bad-checksum", "no-fix", "no-date", "duplicate",
                "skipped-sentence", "skipped-type", "skipped-plan-point", "skipped-geometry",
            ])
    }

    private func gzipped(_ text: String) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("member")
        try Data(text.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-n", file.path]
        try process.run()
        process.waitUntilExit()
        return try Data(contentsOf: folder.appendingPathComponent("member.gz"))
    }
}
