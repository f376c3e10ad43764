import Foundation
import GeofenceEngine
import ICalendar
import Testing
import TraceFormats

@testable import GeoReminders

/// What a VTODO carries survives import and export: URL, subtasks (RELATED-TO), tags
/// (CATEGORIES), and every property and component georemind does not model, verbatim.
struct ICalendarKeepsEverythingTests {
    static let apple = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Apple Inc.//iOS 18.1//EN\r
        BEGIN:VTODO\r
        UID:5E1C2A9B-3F4D-4E5F-8A9B-0C1D2E3F4A5B\r
        DTSTAMP:20261001T120000Z\r
        CREATED:20260928T081204Z\r
        LAST-MODIFIED:20261001T120000Z\r
        SUMMARY:Plan the trip\r
        URL;VALUE=URI:https://example.org/trip?day=2&lang=nl\r
        CATEGORIES:Travel,Family\r
        X-APPLE-SORT-ORDER:731234567\r
        SEQUENCE:3\r
        X-APPLE-FLAGGED;X-PARAM="a;b":TRUE\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:0B7D3E51-92C4-4A6E-8F1B-5C2D9E8A7F60\r
        DTSTAMP:20261001T120000Z\r
        CREATED:20260930T173015Z\r
        SUMMARY:Book the ferry\r
        RELATED-TO;RELTYPE=PARENT:5E1C2A9B-3F4D-4E5F-8A9B-0C1D2E3F4A5B\r
        X-APPLE-SORT-ORDER:731234999\r
        END:VTODO\r
        END:VCALENDAR\r

        """
    static let nextcloud = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Nextcloud Tasks v0.16.1\r
        BEGIN:VTODO\r
        UID:b8e3f0e2-4c1a-4f0e-9a53-2d5b7c9e1f00\r
        CREATED:20261101T090000Z\r
        LAST-MODIFIED:20261101T090000Z\r
        DTSTAMP:20261101T090000Z\r
        SUMMARY:Renew passport\r
        CATEGORIES:Admin\r
        CATEGORIES:Urgent\r
        CLASS:PRIVATE\r
        X-OC-HIDESUBTASKS:0\r
        X-TASKS-ORG-ORDER:12\r
        RELATED-TO;RELTYPE=SIBLING:c0ffee00-0000-4000-8000-000000000001\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:c0ffee00-0000-4000-8000-000000000002\r
        DTSTAMP:20261101T090000Z\r
        SUMMARY:Find the old passport\r
        RELATED-TO:b8e3f0e2-4c1a-4f0e-9a53-2d5b7c9e1f00\r
        END:VTODO\r
        END:VCALENDAR\r

        """
    static let thunderbird = """
        BEGIN:VCALENDAR\r
        PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r
        VERSION:2.0\r
        BEGIN:VTODO\r
        CREATED:20261102T101010Z\r
        LAST-MODIFIED:20261102T101010Z\r
        DTSTAMP:20261102T101010Z\r
        UID:d4c3b2a1-0000-4000-8000-0000000000aa\r
        SUMMARY:Call the plumber about the very long-standing leak under the kitchen sink\\, before the weekend\r
        X-MOZ-GENERATION:4\r
        X-MOZ-LASTACK:20261102T101010Z\r
        ATTENDEE;CN="Ann Example";PARTSTAT=NEEDS-ACTION:mailto:ann@example.org\r
        LOCATION:Kitchen\r
        BEGIN:X-MOZ-SNOOZE\r
        X-SNOOZE-TIME:20261103T080000Z\r
        END:X-MOZ-SNOOZE\r
        BEGIN:VALARM\r
        ACTION:AUDIO\r
        PROXIMITY:CONNECT\r
        TRIGGER;VALUE=DATE-TIME:19760401T005545Z\r
        END:VALARM\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    /// Properties georemind writes from its model in its own form (dates, status, its extensions).
    static let normalized: Set<String> = ["DTSTAMP", "CREATED", "LAST-MODIFIED", "STATUS", "PERCENT-COMPLETE"]

    func roundTrip(_ text: String) throws -> (input: [ICalComponent], exported: [ICalComponent], store: ReminderStore) {
        let store = try memoryStore()
        let report = try store.importICalendar(Data(text.utf8), fileName: "sample.ics")
        #expect(report.skipped.isEmpty)
        let exported = try ICalReader.components(from: try store.exportICalendar())
        let input = try ICalReader.components(from: text)
        return (input[0].components(named: "VTODO"), exported[0].components(named: "VTODO"), store)
    }

    /// Every property of `input`'s VTODOs reappears in the export with its parameters and value
    /// (CATEGORIES as a set of tags, RELATED-TO naming the same parent), in any order, folded or not.
    func expectEverythingKept(_ text: String) throws {
        let (input, exported, _) = try roundTrip(text)
        for todo in input {
            let uid = try #require(todo.property("UID")).value.lowercased()
            let out = try #require(exported.first { $0.property("UID")?.value == uid }, "\(uid)")
            for property in todo.properties where !Self.normalized.contains(property.name) {
                switch property.name {
                case "UID":
                    continue
                case "CATEGORIES":
                    let tags = Set(todo.properties(named: "CATEGORIES").flatMap(\.textList))
                    #expect(Set(out.properties(named: "CATEGORIES").flatMap(\.textList)) == tags)
                case "RELATED-TO" where VTODODecoder.isParentLink(property):
                    #expect(out.properties(named: "RELATED-TO").contains { $0.value == property.value.lowercased() })
                case "URL":
                    #expect(out.property("URL")?.value == property.value)
                default:
                    #expect(
                        out.properties(named: property.name).contains {
                            $0.value == property.value && $0.parameters == property.parameters
                        },
                        "\(uid): \(ICalWriter.contentLine(property))")
                }
            }
            for component in todo.components where component.name != "VALARM" {
                #expect(out.components.contains { ICalWriter.string($0) == ICalWriter.string(component) }, "\(component.name)")
            }
        }
    }

    @Test func anAppleExportKeepsItsLinkTagsSubtaskAndOrder() throws {
        try expectEverythingKept(Self.apple)
        let (_, _, store) = try roundTrip(Self.apple)
        let trip = try #require(try store.reminder(id: "5e1c2a9b-3f4d-4e5f-8a9b-0c1d2e3f4a5b"))
        #expect(trip.url == "https://example.org/trip?day=2&lang=nl" && trip.tags == ["Travel", "Family"])
        let ferry = try #require(try store.reminder(id: "0b7d3e51-92c4-4a6e-8f1b-5c2d9e8a7f60"))
        #expect(ferry.parentID == trip.id)
        #expect(ferry.iCalendarExtras == "BEGIN:VTODO\r\nX-APPLE-SORT-ORDER:731234999\r\nEND:VTODO\r\n")
    }

    @Test func aNextcloudExportKeepsItsCategoriesAndSiblings() throws {
        try expectEverythingKept(Self.nextcloud)
        let (_, _, store) = try roundTrip(Self.nextcloud)
        let passport = try #require(try store.reminder(id: "b8e3f0e2-4c1a-4f0e-9a53-2d5b7c9e1f00"))
        #expect(passport.tags == ["Admin", "Urgent"] && passport.parentID == nil)
        let child = try #require(try store.reminder(id: "c0ffee00-0000-4000-8000-000000000002"))
        #expect(child.parentID == passport.id)
    }

    @Test func aThunderbirdExportKeepsItsComponentsAndTheAlarmGeoremindCannotRun() throws {
        try expectEverythingKept(Self.thunderbird)
        let (_, exported, _) = try roundTrip(Self.thunderbird)
        // The alarm on connecting to a car (RFC 9074 PROXIMITY:CONNECT) georemind cannot run goes back out as it came.
        #expect(
            exported[0].components(named: "VALARM").map { ICalWriter.string($0) } == [
                "BEGIN:VALARM\r\nACTION:AUDIO\r\nPROXIMITY:CONNECT\r\nTRIGGER;VALUE=DATE-TIME:19760401T005545Z\r\nEND:VALARM\r\n"
            ])
    }

    @Test func importThenExportIsAFixedPointAfterTheFirstRound() throws {
        for sample in [Self.apple, Self.nextcloud, Self.thunderbird] {
            let first = try memoryStore()
            _ = try first.importICalendar(Data(sample.utf8), fileName: "a.ics")
            let once = try first.exportICalendar()
            let second = try memoryStore()
            _ = try second.importICalendar(once, fileName: "b.ics")
            let twice = try second.exportICalendar()
            #expect(String(decoding: twice, as: UTF8.self) == String(decoding: once, as: UTF8.self))
        }
    }

    /// 3,000 VTODOs with random unknown properties, parameters and components: the second and
    /// third exports are byte for byte the first.
    @Test func generatedRemindersWithUnknownPropertiesSurviveTwoRoundTrips() throws {
        var rng = SplitMix64(seed: 19)
        func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        let names = [
            "X-APPLE-SORT-ORDER", "X-MOZ-GENERATION", "SEQUENCE", "CLASS", "X-CUSTOM-FIELD", "LOCATION", "COMMENT", "X-OC-HIDESUBTASKS",
        ]
        let values = [
            "1", "PRIVATE", "a\\, b", "Grüße\\; ok", "📚 long text that will certainly have to be folded across several lines of output",
            "TRUE",
        ]
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        for index in 0..<3_000 {
            text += "BEGIN:VTODO\r\nUID:\(uuid(index + 1))\r\nDTSTAMP:20261101T090000Z\r\nSUMMARY:Task \(index)\r\n"
            if int(0...2) == 0 { text += "URL:https://example.org/\(index)\r\n" }
            if int(0...2) == 0 { text += "CATEGORIES:tag\(int(0...5)),other\r\n" }
            if index > 0, int(0...3) == 0 { text += "RELATED-TO:\(uuid(int(1...index)))\r\n" }
            for _ in 0..<int(0...4) {
                let parameter = int(0...2) == 0 ? ";X-P=\"\(values[int(0...values.count - 1)].prefix(8))\"" : ""
                text += "\(names[int(0...names.count - 1)])\(parameter):\(values[int(0...values.count - 1)])\r\n"
            }
            if int(0...9) == 0 { text += "BEGIN:X-THING\r\nX-INSIDE:\(index)\r\nEND:X-THING\r\n" }
            text += "END:VTODO\r\n"
        }
        text += "END:VCALENDAR\r\n"
        var exports: [Data] = []
        var data = Data(text.utf8)
        for _ in 0..<3 {
            let store = try memoryStore()
            let report = try store.importICalendar(data, fileName: "generated.ics")
            #expect(report.created.count == 3_000 && report.skipped.isEmpty)
            data = try store.exportICalendar()
            exports.append(data)
        }
        #expect(exports[1] == exports[0])
        #expect(exports[2] == exports[0])
        // Nothing unknown was dropped: every generated unknown line is in the first export.
        let exported = try ICalReader.components(from: exports[0])[0].components(named: "VTODO")
        let input = try ICalReader.components(from: text)[0].components(named: "VTODO")
        for (todo, out) in zip(input, exported) {
            for property in todo.properties where names.contains(property.name) {
                #expect(out.properties.contains(property), "\(ICalWriter.contentLine(property))")
            }
        }
    }
}
