import Foundation
import GeofenceEngine
import Testing

@testable import LocationProtocols

/// Speed, battery and altitude in one set of units whatever each app sends: OwnTracks' `vel` is
/// km/h, the Traccar clients' query `speed` knots and their JSON body's m/s, Overland's and
/// GPSLogger's m/s; batteries are percentages except Overland's and Traccar 9's fractions.
struct DeviceReadingTests {
    let at = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func ownTracksVelocityIsKilometresPerHour() throws {
        let body = #"{"_type":"location","lat":48.85,"lon":2.35,"tst":1700000000,"vel":36,"batt":87,"alt":52}"#
        let report = try OwnTracksMessage.decode(body: Array(body.utf8), limitUser: "ann", limitDevice: "pixel", basicUser: nil)
        #expect(report.readings == [DeviceReading(device: "ann/pixel", time: at, speed: 10, battery: 0.87, altitude: 52)])
    }

    @Test func osmAndQuerySpeedIsKnotsAndItsBatteryAPercentage() throws {
        let query = "id=car&lat=10&lon=20&timestamp=1700000000&speed=10&batt=40&altitude=-12.5"
        let reading = try #require(OsmAndRequest.decode(query: Substring(query), body: [], contentType: nil).readings.first)
        #expect(reading.device == "car" && reading.battery == 0.4 && reading.altitude == -12.5)
        #expect(abs(reading.speed! - 5.144_444_444_444_444) < 1e-12)  // 10 kn = 18.52 km/h
    }

    @Test func traccarNineJSONSpeedIsMetresPerSecondAndItsBatteryAFraction() throws {
        let body =
            #"{"location":{"timestamp":"2023-11-14T22:13:20Z","coords":{"latitude":10,"longitude":20,"accuracy":5,"speed":3.5,"heading":0,"altitude":7},"is_moving":true,"battery":{"level":0.5,"is_charging":false}},"device_id":"trk"}"#
        let report = try OsmAndRequest.decode(query: "", body: Array(body.utf8), contentType: "application/json")
        #expect(report.readings == [DeviceReading(device: "trk", time: at, speed: 3.5, battery: 0.5, altitude: 7)])
    }

    @Test func overlandReadingsAreKeptPerPointAndUnknownSpeedIsNone() throws {
        func feature(_ time: String, speed: Double, battery: Double) -> String {
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[20,10]},"properties":{"timestamp":"\#(time)","speed":\#(speed),"battery_level":\#(battery),"altitude":3,"device_id":"iphone"}}"#
        }
        let body =
            #"{"locations":[\#(feature("2023-11-14T22:13:20Z", speed: 4, battery: 0.8)),\#(feature("2023-11-14T22:13:30Z", speed: -1, battery: 0.79))]}"#
        let report = try OverlandBatch.decode(body: Array(body.utf8), defaultDevice: "token")
        #expect(
            report.readings == [
                DeviceReading(device: "iphone", time: at, speed: 4, battery: 0.8, altitude: 3),
                DeviceReading(device: "iphone", time: at.addingTimeInterval(10), speed: nil, battery: 0.79, altitude: 3),
            ])
    }

    @Test func gpsLoggerSpeedIsMetresPerSecondAndABatteryOverAHundredIsNone() throws {
        let query = "device=moto&lat=10&lon=20&timestamp=1700000000&spd=1.5&batt=140&alt=0"
        let report = try GPSLoggerRequest.decode(query: Substring(query), defaultDevice: "tok")
        #expect(report.readings == [DeviceReading(device: "moto", time: at, speed: 1.5, battery: nil, altitude: 0)])
    }
}
