import Foundation
import GeofenceEngine
import Testing

@testable import GeoReminders

/// Places watched as an outline: reading GeoJSON, storing, and firing by the distance to the edge.
@Suite struct PlaceAreaTests {
    /// 0.002° of latitude by 0.003° of longitude around the evaluation tests' office: along its
    /// meridian the north edge is 0.001° (111.2 m) from the centre, the east and west edges 110 m.
    static let square = try! PlaceArea(rings: [
        [
            Coordinate(latitude: office.latitude - 0.001, longitude: office.longitude - 0.0015),
            Coordinate(latitude: office.latitude - 0.001, longitude: office.longitude + 0.0015),
            Coordinate(latitude: office.latitude + 0.001, longitude: office.longitude + 0.0015),
            Coordinate(latitude: office.latitude + 0.001, longitude: office.longitude - 0.0015),
            Coordinate(latitude: office.latitude - 0.001, longitude: office.longitude - 0.0015),
        ]
    ])
    let campus = StructuredLocation(title: "Campus", area: square)

    @Test func anAreaFiresOnCrossingItsOutlineAndReportsTheDistanceToTheEdge() throws {
        let store = try store(with: [
            reminder(1, "Arrive", created: 1, alarms: [arriving(1, at: campus)]),
            reminder(2, "Leave", created: 2, alarms: [leaving(2, at: campus)]),
        ])
        // 0.0005° north of the centre is 0.0005° (55.6 m) inside the north edge; 0.0015° is as far outside.
        let result = try evaluate(store, [fixAt(0, 0.005), fixAt(60, 0.0005), fixAt(120, 0.0015)])
        #expect(result.events == ["60 enter Arrive 55.6", "120 leave Leave 55.6"])
    }

    @Test func theHysteresisBandWidensTheOutlineForLeaving() throws {
        let store = try store(with: [reminder(1, "Leave", alarms: [leaving(1, at: campus)])])
        let options = EngineOptions(hysteresis: 50)
        // 0.0014° is 44.5 m past the edge: within the band, still inside; 0.0016° (66.7 m) leaves.
        let staying = try evaluate(store, [fixAt(0, 0), fixAt(60, 0.0014)], options: options)
        #expect(staying.events == [])
        let leaving = try evaluate(store, [fixAt(0, 0), fixAt(60, 0.0014), fixAt(120, 0.0016)], options: options)
        #expect(leaving.events == ["120 leave Leave 66.7"])
    }

    @Test func anAreaIsStoredAndReadBackExactly() throws {
        let store = try memoryStore()
        let saved = try store.save(Reminder(title: "Campus", alarms: [Alarm(trigger: .location(location: campus, proximity: .leave))]))
        let read = try #require(try store.reminder(id: saved.id))
        guard case let .location(location, proximity) = read.alarms[0].trigger else {
            Issue.record("not a location alarm")
            return
        }
        #expect(location == campus && proximity == .leave)
        #expect(location.latitude == 48.8566 && location.longitude == 2.3522)
        #expect(
            location.area?.geoJSON
                == #"{"coordinates":[[[2.3507,48.8556],[2.3537,48.8556],[2.3537,48.8576],[2.3507,48.8576],[2.3507,48.8556]]],"type":"Polygon"}"#
        )
    }

    @Test func geoJSONIsReadAsAFeatureAPolygonOrAMultiPolygonOfOne() throws {
        let ring = "[[13.0,52.0],[13.01,52.0],[13.01,52.01],[13.0,52.01],[13.0,52.0]]"
        let polygon = try PlaceArea(geoJSON: #"{"type":"Polygon","coordinates":[\#(ring)]}"#)
        #expect(
            try PlaceArea(geoJSON: #"{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[\#(ring)]}}"#) == polygon
        )
        #expect(try PlaceArea(geoJSON: #"{"type":"MultiPolygon","coordinates":[[\#(ring)]]}"#) == polygon)
        #expect(polygon.centre == Coordinate(latitude: 52.005, longitude: 13.005))
        #expect(polygon.rings[0].count == 5)
    }

    @Test(arguments: [
        ("[1,2", "the area is not JSON; give a GeoJSON Polygon or a Feature with one"),
        (#"{"type":"Point","coordinates":[1,2]}"#, "the area is not a usable GeoJSON Polygon: expected a Polygon geometry, not Point"),
        (
            #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,5],[6,6],[5,5]]]]}"#,
            "the area is not a usable GeoJSON Polygon: a MultiPolygon of several polygons is not supported; give each part its own reminder"
        ),
        (
            #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1]]]}"#,
            "the area is not a usable GeoJSON Polygon: each ring needs at least 4 positions, the last equal to the first"
        ),
        (
            #"{"type":"Polygon","coordinates":[[[0,95],[1,0],[1,1],[0,95]]]}"#,
            "the area is not a usable GeoJSON Polygon: position [0.0, 95.0] is not a longitude and a latitude"
        ),
        (
            #"{"type":"Polygon","coordinates":[[[0,80],[120,80],[-120,80],[0,80]]]}"#,
            "the area is not a usable GeoJSON Polygon: the polygon encloses a pole (its shell winds through 360° of longitude), which is not supported"
        ),
    ])
    func unusableOutlinesAreRefusedWithTheirReason(text: String, message: String) {
        #expect(throws: PlaceAreaError.self) { try PlaceArea(geoJSON: text) }
        do {
            _ = try PlaceArea(geoJSON: text)
        } catch {
            #expect(error.description == message)
        }
    }
}
