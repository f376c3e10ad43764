import Foundation
import GeofenceEngine
import Testing

@testable import LocationProtocols

/// GPSLogger's custom URL with the placeholders of the template docs/serve.md gives.
struct GPSLoggerRequestTests {
    @Test func templateWithEpochTimestamp() throws {
        let query =
            "device=moto&lat=45.5&lon=-73.6&time=2023-11-14T22:13:20.000Z&timestamp=1700000000&acc=12.0&alt=30&spd=1.5&dir=0&batt=88&aid=abcd"
        #expect(
            try GPSLoggerRequest.decode(query: Substring(query), defaultDevice: "tok").fixes == [
                Fix(time: Date(timeIntervalSince1970: 1_700_000_000), latitude: 45.5, longitude: -73.6, accuracy: 12, device: "moto")
            ])
    }

    @Test func isoTimeAndAndroidIDWhenNoDevice() throws {
        let query = "lat=45.5&lon=-73.6&time=2023-11-14T22:13:20.000Z&acc=&aid=abcd"
        #expect(
            try GPSLoggerRequest.decode(query: Substring(query), defaultDevice: "tok").fixes == [
                Fix(time: Date(timeIntervalSince1970: 1_700_000_000), latitude: 45.5, longitude: -73.6, accuracy: nil, device: "abcd")
            ])
    }

    /// Spaces around a number are read past (a template typed with a space); other text is refused.
    @Test func paddedNumbersAreReadAndTextIsNot() throws {
        let query = "device=moto&lat=+45.5&lon=-73.6%20&timestamp=%201700000000&acc=%2012"
        #expect(
            try GPSLoggerRequest.decode(query: Substring(query), defaultDevice: "tok").fixes == [
                Fix(time: Date(timeIntervalSince1970: 1_700_000_000), latitude: 45.5, longitude: -73.6, accuracy: 12, device: "moto")
            ])
        #expect(throws: LocationProtocolError.badValue(field: "lat", value: "45.5x")) {
            try GPSLoggerRequest.decode(query: "lat=45.5x&lon=2&timestamp=1700000000", defaultDevice: "t")
        }
    }

    @Test func noTimeIsAnError() {
        #expect(throws: LocationProtocolError.missingField(name: "timestamp")) {
            try GPSLoggerRequest.decode(query: "lat=1&lon=2", defaultDevice: "t")
        }
    }
}
