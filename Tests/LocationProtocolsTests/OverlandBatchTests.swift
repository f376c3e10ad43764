import Foundation
import GeofenceEngine
import Testing

@testable import LocationProtocols

/// Overland batches as the iOS app posts them.
struct OverlandBatchTests {
    func feature(_ lon: Double, _ lat: Double, _ time: String, accuracy: Double = 5) -> String {
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{"timestamp":"\#(time)","altitude":30,"speed":1.4,"horizontal_accuracy":\#(accuracy),"vertical_accuracy":3,"motion":["walking"],"battery_state":"unplugged","battery_level":0.8,"device_id":"iphone","wifi":""}}"#
    }

    @Test func backlogIsSortedAndCurrentIsLeftOut() throws {
        let body = """
            {"locations":[\(feature(2.30, 48.86, "2023-11-14T22:14:20Z")),\(feature(2.29, 48.85, "2023-11-14T22:13:20Z", accuracy: 0))],
             "current":\(feature(2.31, 48.87, "2023-11-14T22:15:20Z"))}
            """
        let report = try OverlandBatch.decode(body: Array(body.utf8), defaultDevice: "token")
        #expect(
            report.fixes == [
                Fix(time: Date(timeIntervalSince1970: 1_700_000_000), latitude: 48.85, longitude: 2.29, accuracy: nil, device: "iphone"),
                Fix(time: Date(timeIntervalSince1970: 1_700_000_060), latitude: 48.86, longitude: 2.30, accuracy: 5, device: "iphone"),
            ])
    }

    @Test func currentAloneIsAFix() throws {
        let body = #"{"locations":[],"current":\#(feature(2.31, 48.87, "2023-11-14T22:15:20+00:00"))}"#
        let report = try OverlandBatch.decode(body: Array(body.utf8), defaultDevice: "token")
        #expect(report.fixes.map(\.time) == [Date(timeIntervalSince1970: 1_700_000_120)])
    }

    /// Read from the bytes: escapes decoded, null as absent, members skipped however deep they nest.
    @Test func escapesNullsAndDeepMembersAreRead() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let body = #"""
            {"locations":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2.3,48.8]},
             "properties":{"motion":\#(deep),"timestamp":"2023-11-14T22:13:20Z","device_id":"caf\u00e9 \"1\"",
             "horizontal_accuracy":null,"device_id":"caf\u00e9 \"2\""}}]}
            """#
        let report = try OverlandBatch.decode(body: Array(body.utf8), defaultDevice: "token")
        #expect(
            report.fixes == [
                Fix(time: Date(timeIntervalSince1970: 1_700_000_000), latitude: 48.8, longitude: 2.3, accuracy: nil, device: "café \"2\"")
            ])
    }

    @Test func badBatchesAreTypedErrors() {
        #expect(throws: LocationProtocolError.missingField(name: "locations")) {
            try OverlandBatch.decode(body: Array(#"{"locations":3}"#.utf8), defaultDevice: "t")
        }
        #expect(throws: LocationProtocolError.missingField(name: "locations[0].geometry.coordinates")) {
            try OverlandBatch.decode(body: Array(#"{"locations":[3]}"#.utf8), defaultDevice: "t")
        }
        #expect(throws: LocationProtocolError.malformedJSON(detail: "not a JSON object")) {
            try OverlandBatch.decode(body: Array("[1]".utf8), defaultDevice: "t")
        }
        #expect(throws: LocationProtocolError.malformedJSON(detail: "not JSON")) {
            try OverlandBatch.decode(body: Array("[1,2".utf8), defaultDevice: "t")
        }
        #expect(throws: LocationProtocolError.malformedJSON(detail: "not JSON")) {
            try OverlandBatch.decode(body: Array(#"{"locations":["#.utf8), defaultDevice: "t")
        }
        // A member georemind reads that is not JSON fails the batch, as a whole-body parser would.
        #expect(throws: LocationProtocolError.malformedJSON(detail: "not JSON")) {
            try OverlandBatch.decode(
                body: Array(#"{"locations":[{"geometry":{"coordinates":[2,1]},"properties":{"timestamp":"x""}}]}"#.utf8),
                defaultDevice: "t")
        }
        #expect(throws: LocationProtocolError.badValue(field: "locations[0] latitude", value: "(not a number or a string)")) {
            try OverlandBatch.decode(
                body: Array(#"{"locations":[{"geometry":{"coordinates":[2,true]},"properties":{"timestamp":1}}]}"#.utf8),
                defaultDevice: "t")
        }
        #expect(throws: LocationProtocolError.missingField(name: "locations")) {
            try OverlandBatch.decode(body: Array("{}".utf8), defaultDevice: "t")
        }
        #expect(throws: LocationProtocolError.missingField(name: "locations[0].properties.timestamp")) {
            try OverlandBatch.decode(body: Array(#"{"locations":[{"geometry":{"coordinates":[1,2]}}]}"#.utf8), defaultDevice: "t")
        }
    }
}
