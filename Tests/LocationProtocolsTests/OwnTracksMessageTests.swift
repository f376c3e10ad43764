import Foundation
import GeofenceEngine
import Testing

@testable import LocationProtocols

/// OwnTracks HTTP mode, with bodies shaped as the Android and iOS apps send them.
struct OwnTracksMessageTests {
    // The Android app's location message (MessageLocation serialised with Jackson).
    let android =
        #"{"_type":"location","acc":13,"alt":52,"batt":87,"bs":1,"conn":"w","created_at":1700000100,"lat":48.8584,"lon":2.2945,"m":1,"t":"u","tid":"ph","tst":1700000000,"vac":3,"vel":12,"topic":"owntracks/alice/pixel"}"#
    // The iOS app's location message: numbers as JSON numbers, `inregions`, no topic in HTTP mode.
    let ios =
        #"{"_type":"location","acc":5,"alt":40,"batt":60,"bs":2,"conn":"m","lat":48.85,"lon":2.35,"tid":"ip","tst":1700000060,"vac":2,"vel":0,"inregions":["Home"],"created_at":1700000061}"#

    @Test func androidLocationUsesTheXLimitHeadersLowercased() throws {
        let report = try OwnTracksMessage.decode(body: Array(android.utf8), limitUser: "Alice", limitDevice: "Pixel", basicUser: "alice")
        #expect(
            report.fixes == [
                Fix(
                    time: Date(timeIntervalSince1970: 1_700_000_000), latitude: 48.8584, longitude: 2.2945,
                    accuracy: 13, device: "alice/pixel")
            ])
        #expect(report.ignored.isEmpty)
    }

    @Test func topicNamesTheDeviceWithoutHeaders() throws {
        let report = try OwnTracksMessage.decode(body: Array(android.utf8), limitUser: nil, limitDevice: nil, basicUser: nil)
        #expect(report.fixes.first?.device == "alice/pixel")
    }

    @Test func iosLocationFallsBackToTheBasicUser() throws {
        let report = try OwnTracksMessage.decode(body: Array(ios.utf8), limitUser: nil, limitDevice: nil, basicUser: "Bob")
        #expect(
            report.fixes == [
                Fix(
                    time: Date(timeIntervalSince1970: 1_700_000_060), latitude: 48.85, longitude: 2.35,
                    accuracy: 5, device: "bob")
            ])
    }

    /// The phones' own crossings of the regions they watch: iOS names the region by `rid`, Android
    /// only by `wtst` and says how it decided (`t`), as the apps' transition messages carry them.
    @Test func transitionsAreCrossingsOfTheirRegions() throws {
        let ios =
            #"{"_type":"transition","event":"enter","desc":"Grocery Store","wtst":1610104395,"rid":"gr-3f2a","t":"c","tst":1707057574,"lat":48.87069,"lon":2.34916,"acc":65,"tid":"j1"}"#
        let android =
            #"{"_type":"transition","event":"leave","desc":"Work","wtst":1558351273,"tst":1603209966,"lat":52.71234,"lon":-1.61234,"acc":3,"t":"l","tid":"ce"}"#
        var report = try OwnTracksMessage.decode(body: Array(ios.utf8), limitUser: "Ann", limitDevice: "iPhone", basicUser: nil)
        #expect(
            report
                == LocationReport(
                    fixes: [],
                    crossings: [
                        ReportedCrossing(
                            kind: .enter, regionID: "gr-3f2a", regionStamp: 1_610_104_395, trigger: .regionMonitoring,
                            fix: Fix(
                                time: Date(timeIntervalSince1970: 1_707_057_574), latitude: 48.87069, longitude: 2.34916, accuracy: 65,
                                device: "ann/iphone"))
                    ]))
        report = try OwnTracksMessage.decode(body: Array(android.utf8), limitUser: "ce", limitDevice: nil, basicUser: nil)
        #expect(
            report.crossings == [
                ReportedCrossing(
                    kind: .leave, regionID: nil, regionStamp: 1_558_351_273, trigger: .location,
                    fix: Fix(
                        time: Date(timeIntervalSince1970: 1_603_209_966), latitude: 52.71234, longitude: -1.61234, accuracy: 3, device: "ce"
                    ))
            ])
        #expect(report.devices == ["ce"])
        // Without a region, an event, a time or a position it is no evidence: counted and ignored.
        for body in [
            #"{"_type":"transition","event":"enter","tst":1700000000,"lat":1,"lon":2}"#,
            #"{"_type":"transition","event":"dwell","wtst":5,"tst":1700000000,"lat":1,"lon":2}"#,
            #"{"_type":"transition","event":"enter","wtst":5,"lat":1,"lon":2}"#,
            #"{"_type":"transition","event":"enter","wtst":5,"tst":1700000000,"lat":91,"lon":2}"#,
        ] {
            #expect(
                try OwnTracksMessage.decode(body: Array(body.utf8), limitUser: "a", limitDevice: nil, basicUser: nil)
                    == LocationReport(fixes: [], ignored: ["transition"]))
        }
    }

    @Test func otherMessageTypesAndEmptyBodiesAreIgnored() throws {
        for (body, type) in [
            (#"{"_type":"transition","event":"enter","tst":1700000000}"#, "transition"),
            (#"{"_type":"lwt","tst":1700000000}"#, "lwt"),
            (#"{"_type":"status","android":{}}"#, "status"),
            ("", "empty"),
        ] {
            let report = try OwnTracksMessage.decode(body: Array(body.utf8), limitUser: "a", limitDevice: "b", basicUser: nil)
            #expect(report == LocationReport(fixes: [], ignored: [type]))
        }
    }

    @Test func zeroAccuracyIsUnknown() throws {
        let body = #"{"_type":"location","lat":1,"lon":2,"tst":1700000000,"acc":0}"#
        let report = try OwnTracksMessage.decode(body: Array(body.utf8), limitUser: "a", limitDevice: nil, basicUser: nil)
        #expect(report.fixes.first?.accuracy == nil)
        #expect(report.fixes.first?.device == "a")
    }

    /// Members the app adds (nested `inregions`, `_http`, unicode) are skipped; numbers may be text.
    @Test func nestedAndUnknownMembersAreSkipped() throws {
        let body = #"""
            {"_type":"location","inregions":["Home",{"x":[1,[2]]}],"_http":true,"lat":"52.5","lon":13.4,
             "tst":1700000000,"acc":"12","topic":"owntracks/\u00c9ve/phone"}
            """#
        let report = try OwnTracksMessage.decode(body: Array(body.utf8), limitUser: nil, limitDevice: nil, basicUser: nil)
        #expect(
            report.fixes == [
                Fix(time: Date(timeIntervalSince1970: 1_700_000_000), latitude: 52.5, longitude: 13.4, accuracy: 12, device: "éve/phone")
            ])
        #expect(throws: LocationProtocolError.malformedJSON(detail: "not a JSON object")) {
            try OwnTracksMessage.decode(body: Array("[1]".utf8), limitUser: "a", limitDevice: nil, basicUser: nil)
        }
        #expect(throws: LocationProtocolError.malformedJSON(detail: "not JSON")) {
            try OwnTracksMessage.decode(
                body: Array(#"{"_type":"location","lat":1,}"#.utf8), limitUser: "a", limitDevice: nil, basicUser: nil)
        }
    }

    @Test func badLocationsAreTypedErrors() {
        #expect(throws: LocationProtocolError.badValue(field: "lat", value: "95")) {
            try OwnTracksMessage.decode(
                body: Array(#"{"_type":"location","lat":95,"lon":2,"tst":1700000000}"#.utf8),
                limitUser: "a", limitDevice: nil, basicUser: nil)
        }
        #expect(throws: LocationProtocolError.missingField(name: "tst")) {
            try OwnTracksMessage.decode(
                body: Array(#"{"_type":"location","lat":5,"lon":2}"#.utf8),
                limitUser: "a", limitDevice: nil, basicUser: nil)
        }
        #expect(throws: LocationProtocolError.malformedJSON(detail: "not JSON")) {
            try OwnTracksMessage.decode(body: Array("{lat".utf8), limitUser: "a", limitDevice: nil, basicUser: nil)
        }
        #expect(throws: LocationProtocolError.noDevice) {
            try OwnTracksMessage.decode(
                body: Array(#"{"_type":"location","lat":5,"lon":2,"tst":1700000000}"#.utf8),
                limitUser: nil, limitDevice: nil, basicUser: nil)
        }
    }
}
