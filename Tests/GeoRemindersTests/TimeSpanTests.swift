import Testing

@testable import GeoReminders

@Suite struct TimeSpanTests {
    @Test(arguments: [
        ("90s", 90.0), ("15m", 900), ("2h", 7200), ("1d", 86_400), ("1h30m", 5400), ("1 h 30 min", 5400),
        ("1w", 604_800), ("0.5h", 1800), ("45", 45), ("0m", 0), ("2 hours", 7200), ("1d2h3m4s", 93_784),
        ("  10 seconds ", 10), ("3 Days", 259_200),
    ])
    func parses(text: String, seconds: Double) throws {
        #expect(try TimeSpan(parsing: text).seconds == seconds)
    }

    @Test(arguments: [
        ("", TimeSpanError.empty),
        ("soon", .notADuration(text: "soon")),
        ("-5m", .negative(text: "-5m")),
        ("5 parsecs", .unknownUnit(unit: "parsecs", text: "5 parsecs")),
        ("1h30", .notADuration(text: "1h30")),
        ("m", .notADuration(text: "m")),
        ("1..5h", .notADuration(text: "1..5h")),
    ])
    func refuses(text: String, error: TimeSpanError) {
        #expect(throws: error) { try TimeSpan(parsing: text) }
    }

    @Test func messages() {
        #expect(TimeSpanError.unknownUnit(unit: "y", text: "2y").description == "'2y' has unknown unit 'y'; use s, m, h, d or w")
        #expect(TimeSpanError.negative(text: "-1h").description == "'-1h' is negative; a duration must be 0 or more")
    }
}
