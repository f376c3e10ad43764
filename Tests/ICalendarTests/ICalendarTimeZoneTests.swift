import CivilTime
import Foundation
import Testing

@testable import ICalendar

/// VTIMEZONE built from Foundation zones, and TZIDs resolved back to zones.
struct ICalendarTimeZoneTests {
    private func vtimezone(_ id: String, _ years: ClosedRange<Int>) -> String {
        ICalWriter.string(ICalComponent.vtimezone(for: TimeZone(identifier: id)!, years: years))
    }

    @Test func newYorkUsesItsYearlyRulesFromTheTransitionBeforeTheSpan() {
        #expect(
            vtimezone("America/New_York", 2020...2030) == """
                BEGIN:VTIMEZONE\r
                TZID:America/New_York\r
                BEGIN:STANDARD\r
                TZOFFSETFROM:-0400\r
                TZOFFSETTO:-0500\r
                TZNAME:EST\r
                DTSTART:20191103T020000\r
                RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r
                END:STANDARD\r
                BEGIN:DAYLIGHT\r
                TZOFFSETFROM:-0500\r
                TZOFFSETTO:-0400\r
                TZNAME:EDT\r
                DTSTART:20200308T020000\r
                RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r
                END:DAYLIGHT\r
                END:VTIMEZONE\r

                """)
    }

    @Test func berlinChangesOnTheLastSundays() {
        #expect(
            vtimezone("Europe/Berlin", 2024...2026) == """
                BEGIN:VTIMEZONE\r
                TZID:Europe/Berlin\r
                BEGIN:STANDARD\r
                TZOFFSETFROM:+0200\r
                TZOFFSETTO:+0100\r
                TZNAME:CET\r
                DTSTART:20231029T030000\r
                RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
                END:STANDARD\r
                BEGIN:DAYLIGHT\r
                TZOFFSETFROM:+0100\r
                TZOFFSETTO:+0200\r
                TZNAME:CEST\r
                DTSTART:20240331T020000\r
                RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
                END:DAYLIGHT\r
                END:VTIMEZONE\r

                """)
    }

    @Test func zonesWithoutDaylightTimeGetOneStandard() {
        #expect(
            vtimezone("Asia/Kolkata", 2024...2026) == """
                BEGIN:VTIMEZONE\r
                TZID:Asia/Kolkata\r
                BEGIN:STANDARD\r
                TZOFFSETFROM:+0530\r
                TZOFFSETTO:+0530\r
                TZNAME:IST\r
                DTSTART:20240101T000000\r
                END:STANDARD\r
                END:VTIMEZONE\r

                """)
        let utc = ICalComponent.vtimezone(for: TimeZone(identifier: "UTC")!, years: 2026...2026)
        #expect(utc.components.map(\.name) == ["STANDARD"])
        #expect(
            utc.components[0].properties.map { ICalWriter.contentLine($0) } == [
                "TZOFFSETFROM:+0000", "TZOFFSETTO:+0000", "TZNAME:\(utc.components[0].property("TZNAME")!.value)",
                "DTSTART:20260101T000000",
            ])
        #expect(["UTC", "GMT"].contains(utc.components[0].property("TZNAME")!.value))
    }

    @Test func aRuleThatStopsInsideTheSpanEndsWithUntil() {
        // Brazil ended daylight time in 2019: its last DAYLIGHT began 2018-11-04.
        let text = vtimezone("America/Sao_Paulo", 2017...2021)
        #expect(text.contains("DTSTART:20161016T000000\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=3SU;UNTIL=20171015T030000Z\r\n"))
        #expect(text.contains("DTSTART:20170219T000000\r\nRRULE:FREQ=YEARLY;BYMONTH=2;BYDAY=3SU;UNTIL=20190217T020000Z\r\n"))
        #expect(text.contains("TZNAME:-02\r\nDTSTART:20181104T000000\r\nEND:DAYLIGHT\r\n"))
    }

    @Test func singleYearStillGivesOpenRules() {
        let tz = ICalComponent.vtimezone(for: TimeZone(identifier: "America/New_York")!, years: 2026...2026)
        #expect(tz.components.map { $0.property("DTSTART")!.value } == ["20251102T020000", "20260308T020000"])
        #expect(
            tz.components.map { $0.property("RRULE")?.value } == ["FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"])
    }

    @Test func insertsAVTimeZoneForEveryTZIDUsed() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!, tokyo = TimeZone(identifier: "Asia/Tokyo")!
        var alarm = ICalComponent(name: "VALARM")
        alarm.append(
            ICalProperty(
                name: "X-WHEN", date: CivilDateTime(year: 2026, month: 1, day: 2, time: TimeOfDay(hour: 9, minute: 0), timeZone: tokyo)))
        var todo = ICalComponent(
            name: "VTODO",
            properties: [
                ICalProperty(
                    name: "DUE", date: CivilDateTime(year: 2026, month: 1, day: 2, time: TimeOfDay(hour: 9, minute: 0), timeZone: berlin)),
                ICalProperty(name: "DTSTART", parameters: [ICalParameter(name: "TZID", value: "Custom Zone")], value: "20260101T090000"),
            ])
        todo.append(alarm)
        var calendar = ICalComponent(name: "VCALENDAR", components: [.vtimezone(for: berlin, years: 2026...2026), todo])
        let unknown = calendar.insertVTimeZones(years: 2026...2026)
        #expect(unknown == ["Custom Zone"])
        #expect(calendar.components.map { $0.property("TZID")?.value ?? $0.name } == ["Asia/Tokyo", "Europe/Berlin", "VTODO"])
        #expect(calendar.insertVTimeZones(years: 2026...2026) == ["Custom Zone"])
        #expect(calendar.components.count == 3)
    }

    // MARK: Resolving TZIDs

    @Test(arguments: [
        ("Europe/Berlin", "Europe/Berlin"),
        ("America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
        ("/mozilla.org/20050126_1/Europe/Berlin", "Europe/Berlin"),
        ("/mozilla.org/20070129_1/America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
        ("/citadel.org/20190914_1/America/New_York", "America/New_York"),
        ("/freeassociation.sourceforge.net/Tzfile/Asia/Kolkata", "Asia/Kolkata"),
        ("\"Asia/Tokyo\"", "Asia/Tokyo"),
        ("/Europe/Berlin", "Europe/Berlin"),
    ])
    func resolvesOlsonNamesAndPathTails(tzid: String, identifier: String) throws {
        #expect(try ICalTimeZoneResolver(vtimezones: []).timeZone(for: tzid).identifier == identifier)
    }

    private func microsoft(_ tzid: String, standard: (String, String, String)?, daylight: (String, String, String)?, fixed: String? = nil)
        -> ICalComponent
    {
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(tzid)"]
        if let fixed {
            lines += ["BEGIN:STANDARD", "DTSTART:16010101T000000", "TZOFFSETFROM:\(fixed)", "TZOFFSETTO:\(fixed)", "END:STANDARD"]
        }
        if let (from, to, rule) = standard {
            lines += [
                "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:\(from)", "TZOFFSETTO:\(to)", "RRULE:\(rule)", "END:STANDARD",
            ]
        }
        if let (from, to, rule) = daylight {
            lines += [
                "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:\(from)", "TZOFFSETTO:\(to)", "RRULE:\(rule)", "END:DAYLIGHT",
            ]
        }
        return try! ICalReader.components(from: (lines + ["END:VTIMEZONE"]).joined(separator: "\r\n"))[0]
    }

    @Test func microsoftNamesResolveByOffsetsAndRules() throws {
        let zones = [
            microsoft(
                "W. Europe Standard Time", standard: ("+0200", "+0100", "FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10"),
                daylight: ("+0100", "+0200", "FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3")),
            microsoft(
                "Eastern Standard Time", standard: ("-0400", "-0500", "FREQ=YEARLY;BYDAY=1SU;BYMONTH=11"),
                daylight: ("-0500", "-0400", "FREQ=YEARLY;BYDAY=2SU;BYMONTH=3")),
            microsoft(
                "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna",
                standard: ("+0200", "+0100", "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10"),
                daylight: ("+0100", "+0200", "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3")),
            // Old Outlook spelled "second Sunday" as a Sunday among days 8-14.
            microsoft(
                "Pacific Standard Time", standard: ("-0700", "-0800", "FREQ=YEARLY;BYDAY=SU;BYMONTHDAY=1,2,3,4,5,6,7;BYMONTH=11"),
                daylight: ("-0800", "-0700", "FREQ=YEARLY;BYDAY=SU;BYMONTHDAY=8,9,10,11,12,13,14;BYMONTH=3")),
            microsoft("India Standard Time", standard: nil, daylight: nil, fixed: "+0530"),
            microsoft("Tokyo Standard Time", standard: nil, daylight: nil, fixed: "+0900"),
        ]
        let resolver = ICalTimeZoneResolver(vtimezones: zones, referenceYear: 2026)
        #expect(try resolver.timeZone(for: "W. Europe Standard Time").identifier == "Europe/Berlin")
        #expect(try resolver.timeZone(for: "Eastern Standard Time").identifier == "America/New_York")
        #expect(try resolver.timeZone(for: "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna").identifier == "Europe/Amsterdam")
        #expect(try resolver.timeZone(for: "Pacific Standard Time").identifier == "America/Los_Angeles")
        #expect(try resolver.timeZone(for: "India Standard Time").identifier == "Asia/Kolkata")
        #expect(try resolver.timeZone(for: "Tokyo Standard Time").identifier == "Asia/Tokyo")
    }

    @Test func xLicLocationNamesTheZoneOfACustomTZID() throws {
        let custom = try ICalReader.components(
            from: """
                BEGIN:VTIMEZONE
                TZID:Mitteleuropäische Zeit
                X-LIC-LOCATION:Europe/Vienna
                BEGIN:STANDARD
                DTSTART:19701025T030000
                TZOFFSETFROM:+0200
                TZOFFSETTO:+0100
                RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
                END:STANDARD
                END:VTIMEZONE
                """)[0]
        #expect(try ICalTimeZoneResolver(vtimezones: [custom]).timeZone(for: "Mitteleuropäische Zeit").identifier == "Europe/Vienna")
    }

    @Test func unknownZonesAreReportedWithTheReason() {
        let mars = microsoft(
            "Mars Standard Time", standard: ("+0237", "+0137", "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10"),
            daylight: ("+0137", "+0237", "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3"))
        let resolver = ICalTimeZoneResolver(vtimezones: [mars], referenceYear: 2026)
        #expect(
            throws: ICalValueError.unknownTimeZone(
                tzid: "Mars Standard Time",
                reason: "no known zone has its offsets and transitions in 2026 (3/29 to +0237, 10/25 to +0137)")
        ) {
            try resolver.timeZone(for: "Mars Standard Time")
        }
        #expect(
            throws: ICalValueError.unknownTimeZone(
                tzid: "Customized Time Zone",
                reason: "it is not an Olson zone name and the file has no VTIMEZONE for it")
        ) {
            try resolver.timeZone(for: "Customized Time Zone")
        }
        let empty = try! ICalReader.components(from: "BEGIN:VTIMEZONE\nTZID:Empty\nEND:VTIMEZONE\n")[0]
        #expect(throws: ICalValueError.unknownTimeZone(tzid: "Empty", reason: "its VTIMEZONE has no readable STANDARD or DAYLIGHT")) {
            try ICalTimeZoneResolver(vtimezones: [empty]).timeZone(for: "Empty")
        }
    }

    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Sydney", "America/Santiago", "Asia/Kolkata", "Pacific/Auckland"])
    func ourOwnVTimeZoneUnderAnotherNameResolvesToAnEquivalentZone(identifier: String) throws {
        let zone = TimeZone(identifier: identifier)!
        var vtimezone = ICalComponent.vtimezone(for: zone, years: 2025...2027)
        vtimezone.properties = [ICalProperty(name: "TZID", value: "Custom \(identifier)")]
        let resolved = try ICalTimeZoneResolver(vtimezones: [vtimezone], referenceYear: 2026).timeZone(for: "Custom \(identifier)")
        for day in stride(from: 0, to: 365, by: 5) {
            let instant = Date(timeIntervalSince1970: 1_767_225_600 + Double(day) * 86_400)
            #expect(resolved.secondsFromGMT(for: instant) == zone.secondsFromGMT(for: instant))
        }
    }
}
