import Foundation
import Testing

@testable import GeoReminders

@Suite struct SpeedTests {
    @Test(arguments: [
        ("1.4m/s", 1.4), ("1.4", 1.4), ("36km/h", 10), ("36 km/h", 10), ("18 kph", 5),
        ("30mph", 13.4112), ("3 kn", 1.5433333333333332), ("10 knots", 5.144444444444445),
    ])
    func parses(text: String, metresPerSecond: Double) throws {
        #expect(abs(try Speed(parsing: text).metresPerSecond - metresPerSecond) < 1e-9)
    }

    @Test(arguments: [
        ("fast", SpeedError.notASpeed(text: "fast")),
        ("0km/h", .notPositive(text: "0km/h")),
        ("-3 m/s", .notPositive(text: "-3 m/s")),
        ("5 furlongs/fortnight", .unknownUnit(unit: "furlongs/fortnight", text: "5 furlongs/fortnight")),
        ("inf", .notASpeed(text: "inf")),
        ("", .notASpeed(text: "")),
    ])
    func refuses(text: String, error: SpeedError) {
        #expect(throws: error) { try Speed(parsing: text) }
    }

    @Test func message() {
        #expect(SpeedError.unknownUnit(unit: "c", text: "1c").description == "'1c' has unknown unit 'c'; use m/s, km/h, mph or kn")
    }
}
