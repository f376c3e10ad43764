import Foundation
import GeofenceEngine
import Testing

@testable import TraceFormats

@Suite struct GeoJSONReaderTests {
    @Test func aByteOrderMarkIsSkipped() throws {
        let text =
            "\u{FEFF}"
            + #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2.25,48.5]},"properties":{"time":"2023-11-14T22:13:20Z"}}]}"#
        let (fixes, report) = try TraceFixtures.read(text: text, named: "bom.geojson")
        #expect(report.format == .geojson)
        #expect(fixes == [Fix(time: TraceFixtures.date(1_700_000_000), latitude: 48.5, longitude: 2.25)])
    }

    @Test func togeojsonLineStringsWithCoordTimes() throws {
        let (fixes, report) = try TraceFixtures.read("togeojson-track.geojson")
        #expect(report.format == .geojson)
        #expect(fixes.count == 7)
        #expect(fixes.first == Fix(time: TraceFixtures.date(1_662_800_400), latitude: 37.7749, longitude: -122.4194))
        #expect(fixes[2].time == TraceFixtures.date(1_662_800_460.5))
        #expect(fixes[3] == Fix(time: TraceFixtures.date(1_662_804_000), latitude: 37.78, longitude: -122.42))
        #expect(fixes.last == Fix(time: TraceFixtures.date(1_662_802_210), latitude: 37.791, longitude: -122.431))
        #expect(report.skipped == [.skippedGeometry: 2])
        #expect(report.samples[.skippedGeometry]?.map(\.line) == [12, 13])
    }

    @Test func pointFeaturesAndCoordinatePropertiesTimes() throws {
        let (fixes, report) = try TraceFixtures.read("points.geojson")
        #expect(fixes.count == 5)
        #expect(
            fixes.first
                == Fix(
                    time: TraceFixtures.date(1_709_290_800), latitude: 52.370216, longitude: 4.895168,
                    accuracy: 15, device: "van-7"))
        #expect(fixes[1] == Fix(time: TraceFixtures.date(1_709_290_860), latitude: 52.371, longitude: 4.896, device: "van-7"))
        #expect(fixes[2] == Fix(time: nil, latitude: 52.373, longitude: 4.898))
        #expect(fixes.last == Fix(time: TraceFixtures.date(1_709_291_160), latitude: 52.39, longitude: 4.91, device: "bike-2"))
        #expect(report.skipped == [.badTime: 1])
        #expect(report.samples[.badTime]?.map(\.line) == [4])
    }

    @Test func singleFeatureWithEpochMilliseconds() throws {
        let text = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[2,1,100]},"properties":{"time":1700000000500}}"#
        let (fixes, _) = try TraceFixtures.read(text: text, named: "one.json")
        #expect(fixes == [Fix(time: TraceFixtures.date(1_700_000_000.5), latitude: 1, longitude: 2)])
    }

    @Test(arguments: [
        (#"{"type":"Feature","geometry":{"type":"Point","coordinates":[2]},"properties":{}}"#, SkipReason.unparsable),
        (#"{"type":"Feature","geometry":{"type":"Point"},"properties":{}}"#, SkipReason.noCoordinates),
        (#"{"type":"Feature","geometry":null,"properties":{}}"#, SkipReason.unparsable),
        (
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]},"properties":{"coordTimes":["2024-01-01T00:00:00Z"]}}"#,
            SkipReason.badTime
        ),
    ])
    func badFeaturesAreCounted(feature: String, reason: SkipReason) throws {
        let good = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[2,1]},"properties":{}}"#
        let text = #"{"type":"FeatureCollection","features":["# + feature + "," + good + "]}"
        let (fixes, report) = try TraceFixtures.read(text: text, named: "x.geojson")
        #expect(fixes.count == 1)
        #expect(report.skipped == [reason: 1])
    }

    @Test func invalidJSONIsMalformedAtItsLine() throws {
        let text = "{\"type\": \"FeatureCollection\",\n\"features\": [\n{\"type\": \"Feature\",, }\n]}\n"
        do {
            _ = try TraceFixtures.read(text: text, named: "x.geojson")
            Issue.record("expected an error")
        } catch let error as TraceError {
            guard case let .malformed(_, line, reason) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(line == 3)
            #expect(reason == "invalid JSON: expected a member name")
        }
    }

    @Test func geometryAtTheTopIsNotGeoJSONTrace() throws {
        let text = #"{"type":"LineString","coordinates":[[1,2]]}"#
        #expect(throws: TraceError.self) { try TraceFixtures.read(text: text, named: "x.geojson") }
        do {
            _ = try TraceFixtures.read(text: text, named: "x.geojson")
        } catch let error as TraceError {
            guard case let .notFormat(_, expected, reason) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(expected == .geojson)
            #expect(reason == "the top level is a LineString, not a FeatureCollection or Feature")
        }
    }

    @Test func membersInAnyOrderAndTimesBeforeCoordinates() throws {
        let text = """
            {"features": [{"properties": {"coordinateProperties": {"times": [1, 2]}, "coordTimes": [[10, 20], [30]],
              "device": "w\\u00e4gen"}, "geometry": {"coordinates": [[[1, 2], [3, 4]], [[5, 6]]], "type": "MultiLineString"},
              "type": "Feature"}], "type": "FeatureCollection"}
            """
        let (fixes, _) = try TraceFixtures.read(text: text, named: "x.geojson")
        #expect(
            fixes == [
                Fix(time: TraceFixtures.date(10), latitude: 2, longitude: 1, device: "w\u{e4}gen"),
                Fix(time: TraceFixtures.date(20), latitude: 4, longitude: 3, device: "w\u{e4}gen"),
                Fix(time: TraceFixtures.date(30), latitude: 6, longitude: 5, device: "w\u{e4}gen"),
            ])
    }

    @Test func documentLargerThanTheBufferStreams() throws {
        let feature =
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[12.3456789,45.6789012]},"properties":{"time":"2024-01-01T00:00:00.5Z","device":"d"}}"#
        let count = 3 * TraceInput.chunkSize / feature.utf8.count
        let text = #"{"type":"FeatureCollection","features":["# + Array(repeating: feature, count: count).joined(separator: ",\n") + "]}"
        var seen = 0
        var last: Fix?
        let report = try TraceReader(path: try scratch(text)).read { fix in
            seen += 1
            last = fix
        }
        #expect(seen == count)
        #expect(report.totalSkipped == 0)
        #expect(last == Fix(time: TraceFixtures.date(1_704_067_200.5), latitude: 45.6789012, longitude: 12.3456789, device: "d"))
    }

    @Test func cutDocumentIsTruncated() throws {
        let text = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]}"#
        #expect(throws: TraceError.truncated(file: try scratch(text, name: "cut.geojson"), line: 1, reason: "the JSON document ends early"))
        {
            try TraceReader(path: try scratch(text, name: "cut.geojson")).read { _ in }
        }
    }

    @Test func deepNestingIsMalformedNotACrash() throws {
        let text = #"{"type":"FeatureCollection","features":[],"x":"# + String(repeating: "[", count: 100_000) + "]}"
        let path = try scratch(text, name: "deep.geojson")
        #expect(throws: TraceError.malformed(file: path, line: 1, reason: "invalid JSON: nested deeper than 512 levels")) {
            try TraceReader(path: path).read { _ in }
        }
    }

    @Test func collectionWithoutFeaturesIsNotGeoJSONTrace() throws {
        let path = try scratch(#"{"type":"FeatureCollection"}"#, name: "none.geojson")
        #expect(throws: TraceError.notFormat(file: path, expected: .geojson, reason: "the FeatureCollection has no features array")) {
            try TraceReader(path: path).read { _ in }
        }
    }

    /// A file under a per-test scratch folder that lives for the test process.
    private func scratch(_ text: String, name: String = "big.geojson") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-geojson-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        if !FileManager.default.fileExists(atPath: file.path) { try Data(text.utf8).write(to: file) }
        return file.path
    }
}
