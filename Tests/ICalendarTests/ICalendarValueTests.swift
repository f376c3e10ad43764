import CivilTime
import Foundation
import Testing

@testable import ICalendar

/// DATE, DATE-TIME, DURATION, INTEGER, FLOAT, UTC-OFFSET, GEO and geo: URI codecs.
struct ICalendarValueTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!
    private let noZones = ICalTimeZoneResolver(vtimezones: [])

    // MARK: DATE and DATE-TIME

    @Test func dateIsAllDayAndFloating() throws {
        let d = try ICalDateTime.civilDateTime("20261005")
        #expect(d == CivilDateTime(year: 2026, month: 10, day: 5))
        #expect(d.isAllDay && d.isFloating)
        #expect(ICalDateTime.string(d) == "20261005")
        #expect(ICalDateTime.parameters(d) == [ICalParameter(name: "VALUE", value: "DATE")])
    }

    @Test func utcDateTimeGetsTheUTCZoneAndWritesZ() throws {
        let d = try ICalDateTime.civilDateTime("20261005T130000Z")
        #expect(d == CivilDateTime(year: 2026, month: 10, day: 5, time: TimeOfDay(hour: 13, minute: 0), timeZone: ICalDateTime.utc))
        #expect(ICalDateTime.string(d) == "20261005T130000Z")
        #expect(ICalDateTime.parameters(d) == [])
        #expect(d.instant() == Date(timeIntervalSince1970: 1_791_205_200))
    }

    @Test func floatingDateTimeHasNoZone() throws {
        let d = try ICalDateTime.civilDateTime("20260101T083000")
        #expect(d == CivilDateTime(year: 2026, month: 1, day: 1, time: TimeOfDay(hour: 8, minute: 30)))
        #expect(ICalDateTime.string(d) == "20260101T083000")
        #expect(ICalDateTime.parameters(d) == [])
    }

    @Test func zonedDateTimeWritesTZID() throws {
        let d = try ICalDateTime.civilDateTime("20261005T090000", zone: berlin)
        #expect(d.timeZone == berlin)
        #expect(ICalDateTime.string(d) == "20261005T090000")
        #expect(ICalDateTime.parameters(d) == [ICalParameter(name: "TZID", value: "Europe/Berlin")])
        #expect(ICalWriter.contentLine(ICalProperty(name: "DUE", date: d)) == "DUE;TZID=Europe/Berlin:20261005T090000")
    }

    @Test func propertyReadsEachFormThroughTheResolver() throws {
        let tree = try ICalReader.components(
            from: """
                BEGIN:VTODO
                DUE;VALUE=DATE:20260301
                DTSTART;TZID=America/New_York:20261005T090000
                COMPLETED:20261005T131500Z
                X-FLOAT:20261005T090000
                X-BOTH;TZID=Europe/Berlin:20261005T090000Z
                END:VTODO
                """)[0]
        #expect(try tree.property("DUE")!.civilDateTime(resolver: noZones) == CivilDateTime(year: 2026, month: 3, day: 1))
        let start = try tree.property("DTSTART")!.civilDateTime(resolver: noZones)
        #expect(start.timeZone?.identifier == "America/New_York")
        #expect(start.instant() == Date(timeIntervalSince1970: 1_791_205_200))
        #expect(try tree.property("COMPLETED")!.utcInstant() == Date(timeIntervalSince1970: 1_791_206_100))
        #expect(try tree.property("X-FLOAT")!.civilDateTime(resolver: noZones).timeZone == nil)
        // A Z value is UTC whatever TZID says (RFC 5545 forbids the pair; we read the explicit form).
        #expect(try tree.property("X-BOTH")!.civilDateTime(resolver: noZones).timeZone == ICalDateTime.utc)
    }

    @Test(arguments: [
        "2026-10-05", "20261305", "20260230", "20250229", "2026100", "20261005T", "20261005T250000",
        "20261005T126000", "20261005T120061", "20261005 120000", "20261005T120000ZZ", "20261005X120000",
        "+0261005T120000", "",
    ])
    func refusesMalformedDates(text: String) {
        #expect(throws: ICalValueError.self) { try ICalDateTime.civilDateTime(text) }
    }

    @Test func leapDayAndLeapSecondAreAccepted() throws {
        #expect(try ICalDateTime.civilDateTime("20240229").day == 29)
        #expect(try ICalDateTime.civilDateTime("20161231T235960Z").time?.second == 60)
    }

    @Test func propertyErrorsNameTheLine() throws {
        let todo = try ICalReader.components(
            from: "BEGIN:VTODO\nUID:1\nDUE;VALUE=DATE:20261005T090000\nDTSTART;TZID=Mars/Olympus:20261005T090000\nTRIGGER:-15M\nEND:VTODO\n"
        )[0]
        #expect(throws: ICalParseError.invalidValue(line: 3, property: "DUE", problem: .badDate(value: "20261005T090000"))) {
            try todo.property("DUE")!.civilDateTime(resolver: noZones)
        }
        #expect(
            throws: ICalParseError.invalidValue(
                line: 4, property: "DTSTART",
                problem: .unknownTimeZone(
                    tzid: "Mars/Olympus", reason: "it is not an Olson zone name and the file has no VTIMEZONE for it"))
        ) {
            try todo.property("DTSTART")!.civilDateTime(resolver: noZones)
        }
        #expect(throws: ICalParseError.invalidValue(line: 5, property: "TRIGGER", problem: .badDuration(value: "-15M"))) {
            try todo.property("TRIGGER")!.durationSeconds()
        }
    }

    @Test func utcInstantsWriteWholeSecondsAndRequireZ() throws {
        #expect(ICalDateTime.utcString(Date(timeIntervalSince1970: 1_791_205_200.75)) == "20261005T130000Z")
        #expect(ICalDateTime.utcString(Date(timeIntervalSince1970: -1)) == "19691231T235959Z")
        #expect(
            ICalWriter.contentLine(ICalProperty(name: "TRIGGER", utc: Date(timeIntervalSince1970: 1_791_205_200), valueType: true))
                == "TRIGGER;VALUE=DATE-TIME:20261005T130000Z")
        #expect(throws: ICalValueError.badDateTime(value: "20261005T130000")) { try ICalDateTime.utcInstant("20261005T130000") }
        #expect(throws: ICalValueError.badDateTime(value: "20261005")) { try ICalDateTime.utcInstant("20261005") }
    }

    // MARK: DURATION

    @Test(arguments: [
        ("-PT15M", -900), ("PT15M", 900), ("+PT15M", 900), ("P1DT2H", 93_600), ("-P1W", -604_800), ("P2W", 1_209_600),
        ("PT0S", 0), ("-PT0S", 0), ("P0D", 0), ("PT1H30M45S", 5_445), ("P1D", 86_400), ("PT36H", 129_600),
        ("PT1H30S", 3_630), ("P1W2D", 777_600), ("-P1DT0H0M1S", -86_401), ("pt5m", 300),
    ])
    func readsDurations(text: String, seconds: Int) throws {
        #expect(try ICalDuration.seconds(text) == seconds)
    }

    @Test(arguments: [
        "", "P", "PT", "-P", "15M", "P15M", "PT1D", "P1Y", "P1H", "PT1M1H", "P1DT", "PT-5M", "P1.5D",
        "PTM", "P1D2D", "PT1H1H", "P99999999999999999999W", "P1DT2H3", "--PT1M",
    ])
    func refusesMalformedDurations(text: String) {
        #expect(throws: ICalValueError.badDuration(value: text)) { try ICalDuration.seconds(text) }
    }

    @Test(arguments: [
        (-900, "-PT15M"), (93_600, "P1DT2H"), (-604_800, "-P1W"), (0, "PT0S"), (30, "PT30S"), (3_630, "PT1H30S"),
        (86_400, "P1D"), (1_209_600, "P2W"), (691_200, "P8D"), (-86_401, "-P1DT1S"), (5_445, "PT1H30M45S"), (-172_800, "-P2D"),
    ])
    func writesCanonicalDurations(seconds: Int, text: String) throws {
        #expect(ICalDuration.string(seconds) == text)
        #expect(try ICalDuration.seconds(text) == seconds)
    }

    // MARK: Numbers and offsets

    @Test func integersWithinTheRFCRange() throws {
        #expect(try ICalNumber.integer("9") == 9)
        #expect(try ICalNumber.integer("-2147483648") == -2_147_483_648)
        #expect(try ICalNumber.integer("+17") == 17)
        for bad in ["", "+", "1.0", "2147483648", "0x10", " 5", "five"] {
            #expect(throws: ICalValueError.badInteger(value: bad)) { try ICalNumber.integer(bad) }
        }
    }

    @Test func floatsWithoutExponent() throws {
        #expect(try ICalNumber.float("-122.0312") == -122.0312)
        #expect(try ICalNumber.float("+5") == 5)
        for bad in ["1e5", ".5", "5.", "", "1,5", "nan"] {
            #expect(throws: ICalValueError.badFloat(value: bad)) { try ICalNumber.float(bad) }
        }
        #expect(ICalNumber.string(40.443) == "40.443")
        #expect(ICalNumber.string(100) == "100")
        #expect(ICalNumber.string(-0.00001) == "-0.00001")
        #expect(ICalNumber.string(37.33182) == "37.33182")
    }

    @Test func utcOffsets() throws {
        #expect(try ICalUTCOffset.seconds("+0530") == 19_800)
        #expect(try ICalUTCOffset.seconds("-0500") == -18_000)
        #expect(try ICalUTCOffset.seconds("+005328") == 3_208)
        #expect(ICalUTCOffset.string(-18_000) == "-0500")
        #expect(ICalUTCOffset.string(3_208) == "+005328")
        #expect(ICalUTCOffset.string(0) == "+0000")
        for bad in ["0530", "+530", "+2400", "+0560", "UTC"] {
            #expect(throws: ICalValueError.badUTCOffset(value: bad)) { try ICalUTCOffset.seconds(bad) }
        }
    }

    // MARK: GEO and geo: URIs

    @Test func geoProperty() throws {
        let g = try ICalGeo("37.386013;-122.082932")
        #expect(g == ICalGeo(latitude: 37.386013, longitude: -122.082932))
        #expect(g.text == "37.386013;-122.082932")
        for bad in ["37.38,-122.08", "91;0", "0;181", "37.38", "a;b"] {
            #expect(throws: ICalValueError.badGeo(value: bad)) { try ICalGeo(bad) }
        }
    }

    @Test(arguments: [
        ("geo:51.691450,5.313180", GeoURI(latitude: 51.69145, longitude: 5.31318), "geo:51.69145,5.31318"),
        ("geo:40.443,-79.945;u=10", GeoURI(latitude: 40.443, longitude: -79.945, uncertainty: 10), "geo:40.443,-79.945;u=10"),
        (
            "GEO:48.2010,16.3695,183;crs=wgs84;u=40.5",
            GeoURI(
                latitude: 48.201, longitude: 16.3695, altitude: 183, uncertainty: 40.5,
                otherParameters: ["crs=wgs84"]), "geo:48.201,16.3695,183;crs=wgs84;u=40.5"
        ),
        (
            "geo:-33.8689,151.207;label=Opera", GeoURI(latitude: -33.8689, longitude: 151.207, otherParameters: ["label=Opera"]),
            "geo:-33.8689,151.207;label=Opera"
        ),
        ("geo:90,-180", GeoURI(latitude: 90, longitude: -180), "geo:90,-180"),
    ])
    func readsAndWritesGeoURIs(text: String, uri: GeoURI, written: String) throws {
        let parsed = try GeoURI(text)
        #expect(parsed == uri)
        #expect(parsed.text == written)
        #expect(try GeoURI(parsed.text) == parsed)
    }

    @Test(arguments: [
        ("http://x", "it does not start with \"geo:\""), ("geo:40", "expected latitude,longitude[,altitude]"),
        ("geo:91,0", "latitude is outside -90...90"), ("geo:0,181", "longitude is outside -180...180"),
        ("geo:40,-8;u=-1", "u= must appear once, as meters >= 0"), ("geo:40,-8;u=1;u=2", "u= must appear once, as meters >= 0"),
        ("geo:40,x", "\"x\" is not a decimal number"), ("geo:1,2;crs=nad27", "only crs=wgs84 is supported"),
        ("geo:1,2;", "empty parameter"),
    ])
    func refusesBadGeoURIs(text: String, reason: String) {
        #expect(throws: ICalValueError.badGeoURI(value: text, reason: reason)) { try GeoURI(text) }
    }
}
