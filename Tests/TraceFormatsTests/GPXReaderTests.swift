import Foundation
import GeofenceEngine
import Testing

@testable import TraceFormats

@Suite struct GPXReaderTests {
    /// A `<time>` holding megabytes is kept to its first bytes, so memory does not grow with it,
    /// and read as the bad time it is.
    @Test func aHugeTimeElementIsCutAndSkippedAsABadTime() throws {
        let text =
            #"<gpx><trk><trkseg><trkpt lat="1" lon="2"><time>"# + String(repeating: "9", count: 8_000_000)
            + #"</time></trkpt><trkpt lat="3" lon="4"><time>2026-11-24T01:00:00Z</time></trkpt></trkseg></trk></gpx>"#
        let (fixes, report) = try TraceFixtures.read(text: text, named: "huge-time.gpx")
        #expect(fixes == [Fix(time: TraceFixtures.date(1_795_482_000), latitude: 3, longitude: 4)])
        #expect(report.skipped == [.badTime: 1])
    }

    @Test func severalTracksAndSegmentsWithNamespacedExtensions() throws {
        let (fixes, report) = try TraceFixtures.read("ride-garmin.gpx")
        #expect(report.format == .gpx)
        #expect(fixes.count == 8)
        #expect(fixes.first == Fix(time: TraceFixtures.date(1_714_806_000), latitude: 48.856614, longitude: 2.3522219))
        #expect(fixes[1] == Fix(time: TraceFixtures.date(1_714_806_001.5), latitude: 48.8567001, longitude: 2.3524502, accuracy: 4.5))
        #expect(fixes[2].time == TraceFixtures.date(1_714_806_002.123))
        #expect(fixes[3].time == TraceFixtures.date(1_714_806_300 + 0.123456789))
        #expect(fixes[4] == Fix(time: nil, latitude: 48.8571, longitude: 2.3531))
        #expect(fixes[5].time == TraceFixtures.date(1_714_806_303))
        #expect(fixes[6] == Fix(time: TraceFixtures.date(1_714_809_600), latitude: 48.86, longitude: 2.36))
        #expect(fixes.last == Fix(time: TraceFixtures.date(1_714_809_603.25), latitude: -33.8688, longitude: 151.2093))
        #expect(report.skipped == [.skippedPlanPoint: 3, .badTime: 1, .unparsable: 1, .noCoordinates: 1])
        #expect(report.samples[.skippedPlanPoint]?.map(\.line) == [12, 15, 16])
        #expect(report.samples[.badTime]?.map(\.line) == [47])
        #expect(report.samples[.unparsable]?.map(\.line) == [59])
        #expect(report.samples[.noCoordinates]?.map(\.line) == [60])
    }

    @Test func routePointsAndWaypointsWhenAsked() throws {
        let options = TraceReadOptions(includeRoutePoints: true, includeWaypoints: true, defaultDevice: "edge")
        let (fixes, report) = try TraceFixtures.read("ride-garmin.gpx", options: options)
        #expect(fixes.count == 11)
        #expect(fixes.first == Fix(time: TraceFixtures.date(1_714_802_400), latitude: 48.8584, longitude: 2.2945, device: "edge"))
        #expect(fixes[1] == Fix(time: nil, latitude: 48.853, longitude: 2.3499, device: "edge"))
        #expect(report.skipped[.skippedPlanPoint] == nil)
    }

    @Test func gpx10WithPrefixedElementsAndAccuracyExtension() throws {
        let (fixes, report) = try TraceFixtures.read("logger-prefixed.gpx")
        #expect(fixes.count == 3)
        #expect(fixes.first == Fix(time: TraceFixtures.date(1_700_000_000), latitude: 51.5007292, longitude: -0.1246254, accuracy: 3.9))
        #expect(fixes.last == Fix(time: TraceFixtures.date(1_700_000_010.12), latitude: 51.500901, longitude: -0.124802))
        #expect(report.totalSkipped == 0)
    }

    @Test func onlyPlansIsNoUsableFix() {
        #expect(
            TraceFixtures.error("route-only.gpx")
                == .noUsableFix(
                    file: TraceFixtures.path("route-only.gpx"), format: .gpx, skipped: ["skipped-plan-point": 3]))
    }

    @Test func unclosedDocumentIsTruncated() {
        let error = TraceFixtures.error("unclosed.gpx")
        guard case let .truncated(file, line, reason)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(file == TraceFixtures.path("unclosed.gpx"))
        #expect(line == 5)
        #expect(reason.hasPrefix("the XML ends early"))
    }

    @Test func brokenXMLIsMalformed() {
        let error = TraceFixtures.error("broken.gpx")
        guard case let .malformed(file, line, _)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(file == TraceFixtures.path("broken.gpx"))
        #expect(line == 4)
    }

    @Test func otherXMLIsNotGPX() {
        #expect(
            TraceFixtures.error("kml-named.gpx")
                == .notFormat(
                    file: TraceFixtures.path("kml-named.gpx"), expected: .gpx, reason: "the root element is <kml>, not <gpx>"))
    }

    @Test func csvNamedGPXIsNotGPX() {
        #expect(
            TraceFixtures.error("not-really.gpx")
                == .notFormat(
                    file: TraceFixtures.path("not-really.gpx"), expected: .gpx, reason: "the content looks like CSV"))
    }

    @Test func forcedFormatOnOtherContentNamesWhatItFound() {
        #expect(
            TraceFixtures.error("gpslogger.csv", format: .gpx)
                == .notFormat(
                    file: TraceFixtures.path("gpslogger.csv"), expected: .gpx,
                    reason: "it starts with \"time,lat,lon,elevation,a\""))
    }

    @Test func errorThrownByTheBodyStopsTheRead() throws {
        struct Enough: Error {}
        var seen = 0
        #expect(throws: Enough.self) {
            try TraceReader(path: TraceFixtures.path("ride-garmin.gpx")).read { _ in
                seen += 1
                if seen == 2 { throw Enough() }
            }
        }
        #expect(seen == 2)
    }
}
