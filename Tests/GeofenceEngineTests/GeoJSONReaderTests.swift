import Foundation
import Testing
@testable import GeofenceEngine

@Suite struct GeoJSONReaderTests {
    @Test func togeojsonLineStringsWithCoordTimes() throws {
        let (fixes, report) = try TraceFixtures.read("togeojson-track.geojson")
        #expect(report.format == .geojson)
        #expect(fixes.count == 7)
        #expect(fixes.first == Fix(time: TraceFixtures.date(1_662_800_400), latitude: 37.7749, longitude: -122.4194))
        #expect(fixes[2].time == TraceFixtures.date(1_662_800_460.5))
        #expect(fixes[3] == Fix(time: TraceFixtures.date(1_662_804_000), latitude: 37.78, longitude: -122.42))
        #expect(fixes.last == Fix(time: TraceFixtures.date(1_662_802_210), latitude: 37.791, longitude: -122.431))
        #expect(report.skipped == [.skippedGeometry: 2])
        #expect(report.samples[.skippedGeometry]?.map(\.line) == [3, 4])
    }

    @Test func pointFeaturesAndCoordinatePropertiesTimes() throws {
        let (fixes, report) = try TraceFixtures.read("points.geojson")
        #expect(fixes.count == 5)
        #expect(fixes.first == Fix(time: TraceFixtures.date(1_709_290_800), latitude: 52.370216, longitude: 4.895168,
                                   accuracy: 15, device: "van-7"))
        #expect(fixes[1] == Fix(time: TraceFixtures.date(1_709_290_860), latitude: 52.371, longitude: 4.896, device: "van-7"))
        #expect(fixes[2] == Fix(time: nil, latitude: 52.373, longitude: 4.898))
        #expect(fixes.last == Fix(time: TraceFixtures.date(1_709_291_160), latitude: 52.39, longitude: 4.91, device: "bike-2"))
        #expect(report.skipped == [.badTime: 1])
        #expect(report.samples[.badTime]?.map(\.line) == [3])
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
        (#"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]},"properties":{"coordTimes":["2024-01-01T00:00:00Z"]}}"#, SkipReason.badTime),
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
            #expect(reason == "not a valid JSON document")
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
}
