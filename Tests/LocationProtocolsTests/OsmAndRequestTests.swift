import Foundation
import GeofenceEngine
import Testing

@testable import LocationProtocols

/// The OsmAnd protocol in each shape its clients send.
struct OsmAndRequestTests {
    let expected = Fix(
        time: Date(timeIntervalSince1970: 1_700_000_000), latitude: 52.5163, longitude: 13.3777,
        accuracy: 8.5, device: "k7q2m9")

    @Test func oldTraccarClientQueryString() throws {
        // Traccar Client for Android before 9: everything in the query of a POST with no body.
        let query = "id=k7q2m9&timestamp=1700000000&lat=52.5163&lon=13.3777&speed=10.2&bearing=90.0&altitude=34.0&accuracy=8.5&batt=77.0"
        #expect(try OsmAndRequest.decode(query: Substring(query), body: [], contentType: nil).fixes == [expected])
    }

    @Test func traccarClient10FormBody() throws {
        let body =
            "id=k7q2m9&timestamp=1700000000&lat=52.5163&lon=13.3777&speed=0.0&bearing=0.0&altitude=34.0&accuracy=8.5&batt=77.0&charge=false"
        let report = try OsmAndRequest.decode(
            query: "", body: Array(body.utf8),
            contentType: "application/x-www-form-urlencoded")
        #expect(report.fixes == [expected])
    }

    @Test func osmAndAppTemplateWithHdopAndMilliseconds() throws {
        // OsmAnd's online tracking template: `?id=...&lat={0}&lon={1}&timestamp={2}&hdop={3}&altitude={4}&speed={5}`.
        let query = "deviceid=k7q2m9&lat=52.5163&lon=13.3777&timestamp=1700000000000&hdop=8.5&altitude=34&speed=0"
        #expect(try OsmAndRequest.decode(query: Substring(query), body: [], contentType: nil).fixes == [expected])
    }

    @Test func traccarClient9JSONBody() throws {
        let body = #"""
            {"location":{"timestamp":"2023-11-14T22:13:20.000Z","coords":{"latitude":52.5163,"longitude":13.3777,"accuracy":8.5,"speed":-1,"heading":-1,"altitude":34},"is_moving":true,"odometer":0,"event":"motionchange","battery":{"level":0.77,"is_charging":false},"activity":{"type":"still"},"uuid":"a1"},"device_id":"k7q2m9"}
            """#
        let report = try OsmAndRequest.decode(query: "", body: Array(body.utf8), contentType: "application/json")
        #expect(report.fixes == [expected])
    }

    @Test func isoTimestampInTheQuery() throws {
        let query = "id=k7q2m9&lat=52.5163&lon=13.3777&timestamp=2023-11-14T22:13:20Z&accuracy=8.5"
        #expect(try OsmAndRequest.decode(query: Substring(query), body: [], contentType: nil).fixes == [expected])
    }

    @Test func zeroAccuracyFromTheOldAndroidClientIsUnknown() throws {
        let query = "id=k7q2m9&lat=52.5163&lon=13.3777&timestamp=1700000000&accuracy=0.0"
        #expect(try OsmAndRequest.decode(query: Substring(query), body: [], contentType: nil).fixes.first?.accuracy == nil)
    }

    @Test func badRequestsAreTypedErrors() {
        #expect(throws: LocationProtocolError.missingField(name: "id")) {
            try OsmAndRequest.decode(query: "lat=1&lon=2&timestamp=1700000000", body: [], contentType: nil)
        }
        #expect(throws: LocationProtocolError.badValue(field: "lat", value: "95")) {
            try OsmAndRequest.decode(query: "id=a&lat=95&lon=2&timestamp=1700000000", body: [], contentType: nil)
        }
        #expect(throws: LocationProtocolError.missingField(name: "timestamp")) {
            try OsmAndRequest.decode(query: "id=a&lat=5&lon=2", body: [], contentType: nil)
        }
        #expect(throws: LocationProtocolError.missingField(name: "device_id")) {
            try OsmAndRequest.decode(query: "", body: Array(#"{"location":{}}"#.utf8), contentType: "application/json")
        }
    }
}
