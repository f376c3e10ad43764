import Foundation
import Testing

@testable import GeoReminders

@Suite struct LengthTests {
    static let metric = Locale(identifier: "fr_FR")

    @Test(arguments: [
        ("150 m", 150.0), ("150m", 150), ("150 metres", 150), ("1 metre", 1), ("2 meters", 2), ("1 meter", 1),
        ("0.5km", 500), ("0.5 km", 500), ("2 kilometres", 2000), ("1 kilometre", 1000),
        ("3 kilometers", 3000), ("1 kilometer", 1000),
        ("500 ft", 152.4), ("1 foot", 0.3048), ("10 feet", 3.048),
        ("200 yd", 182.88), ("1 yard", 0.9144), ("3 yards", 2.7432),
        ("0.3 mi", 482.802), ("1 mile", 1609.34), ("2 miles", 3218.68),
        ("  150 M ", 150), ("1.5 KM", 1500), ("1e3 m", 1000), (".5 km", 500), ("0", 0),
    ])
    func parsesEveryUnit(text: String, metres: Double) throws {
        let length = try Length(parsing: text, locale: Self.metric)
        #expect(abs(length.metres - metres) < 1e-9, "\(text) → \(length.metres)")
    }

    @Test(arguments: [
        ("en_US", 45.72), ("en_GB", 150.0), ("fr_FR", 150.0), ("de_DE", 150.0), ("en_US_POSIX", 45.72),
    ])
    func bareNumberUsesTheExplicitLocalesUnit(locale: String, metres: Double) throws {
        let length = try Length(parsing: "150", locale: Locale(identifier: locale), environment: ["LANG": "en_US.UTF-8"])
        #expect(abs(length.metres - metres) < 1e-9)
    }

    @Test(arguments: [
        (["LC_ALL": "en_US.UTF-8", "LC_MEASUREMENT": "fr_FR.UTF-8", "LANG": "fr_FR.UTF-8"], 30.48),
        (["LC_ALL": "fr_FR.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8", "LANG": "en_US.UTF-8"], 100.0),
        (["LC_ALL": "", "LC_MEASUREMENT": "en_US.UTF-8", "LANG": "fr_FR.UTF-8"], 30.48),
        (["LC_MEASUREMENT": "de_DE", "LANG": "en_US.UTF-8"], 100.0),
        (["LANG": "en_US.UTF-8"], 30.48),
        (["LANG": "en_US"], 30.48),
        (["LANG": "en_GB.UTF-8"], 100.0),
        (["LANG": "de_DE.UTF-8@euro"], 100.0),
        (["LANG": "C"], 100.0),
        (["LANG": "POSIX"], 100.0),
        (["LANG": "C.UTF-8"], 100.0),
        ([:], 100.0),
    ])
    func bareNumberUsesTheEnvironmentsLocale(environment: [String: String], metres: Double) throws {
        let length = try Length(parsing: "100", environment: environment)
        #expect(abs(length.metres - metres) < 1e-9)
    }

    @Test func explicitLocaleWinsOverEnvironment() throws {
        let length = try Length(parsing: "10", locale: Locale(identifier: "en_US"), environment: ["LC_ALL": "fr_FR"])
        #expect(abs(length.metres - 3.048) < 1e-9)
    }

    @Test func unitTextIgnoresLocale() throws {
        #expect(try Length(parsing: "10 m", locale: Locale(identifier: "en_US")).metres == 10)
    }

    @Test(arguments: [
        ("-5 m", LengthError.negative(text: "-5 m")),
        ("-1", .negative(text: "-1")),
        ("inf m", .notFinite(text: "inf m")),
        ("nan", .notFinite(text: "nan")),
        ("1e400 m", .notFinite(text: "1e400 m")),
        ("5 parsecs", .unknownUnit(unit: "parsecs", text: "5 parsecs")),
        ("5em", .unknownUnit(unit: "em", text: "5em")),
        ("12 in", .unknownUnit(unit: "in", text: "12 in")),
        ("", .notANumber(text: "")),
        ("m", .notANumber(text: "m")),
        ("far", .notANumber(text: "far")),
        ("1.2.3 m", .notANumber(text: "1.2.3 m")),
    ])
    func refusesWhatIsNotALength(text: String, error: LengthError) {
        #expect(throws: error) { try Length(parsing: text, locale: Self.metric) }
    }

    @Test func errorNamesTheText() {
        #expect(
            LengthError.unknownUnit(unit: "parsecs", text: "5 parsecs").description
                == "'5 parsecs' has unknown unit 'parsecs'; use m, km, ft, yd or mi")
    }
}
