import Foundation
import ICalendar
import Testing

@testable import GeoReminders

/// The component tree and every refusal, each naming its physical line.
struct ICalendarReaderTests {
    @Test func buildsNestedTreeKeepingUnknownsAndOrder() throws {
        let text = """
            BEGIN:VCALENDAR
            VERSION:2.0
            X-UNKNOWN;X-P=1:kept
            BEGIN:VTODO
            UID:a
            BEGIN:X-CUSTOM
            X-IN:side
            END:X-CUSTOM
            BEGIN:VALARM
            TRIGGER:-PT5M
            END:VALARM
            SUMMARY:after children
            END:VTODO
            END:VCALENDAR
            """
        let roots = try ICalReader.components(from: text)
        #expect(roots.count == 1)
        let cal = roots[0]
        #expect(cal.name == "VCALENDAR")
        #expect(cal.properties.map(\.name) == ["VERSION", "X-UNKNOWN"])
        let todo = try #require(cal.components.first)
        #expect(todo.properties.map(\.name) == ["UID", "SUMMARY"])
        #expect(todo.components.map(\.name) == ["X-CUSTOM", "VALARM"])
        #expect(todo.components[0].property("X-IN")?.value == "side")
    }

    @Test func concatenatedCalendarsGiveSeveralRoots() throws {
        let roots = try ICalReader.components(from: "BEGIN:VCALENDAR\nEND:VCALENDAR\nBEGIN:VCALENDAR\nEND:VCALENDAR\n")
        #expect(roots.count == 2)
    }

    @Test func trailingBlanksAfterComponentNamesAreIgnored() throws {
        let roots = try ICalReader.components(from: "BEGIN:VCALENDAR \nBEGIN:VTODO\t\nEND:VTODO\nEND: VCALENDAR\n")
        #expect(roots.map(\.name) == ["VCALENDAR"])
        #expect(roots[0].components.map(\.name) == ["VTODO"])
    }

    @Test func componentNamesMatchCaseInsensitively() throws {
        let roots = try ICalReader.components(from: "begin:vcalendar\nBEGIN:VTodo\nEND:VTODO\nEnd:VCALENDAR\n")
        #expect(roots[0].components[0].name == "VTODO")
    }

    @Test(arguments: [
        ("", ICalParseError.empty),
        ("\r\n\r\n", .empty),
        ("BEGIN:VCALENDAR\nVERSION:2.0\nSUMMARY Buy milk\nEND:VCALENDAR\n", .missingColon(line: 3, text: "SUMMARY Buy milk")),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nEND:VCALENDAR\n", .mismatchedEnd(line: 3, expected: "VTODO", found: "VCALENDAR")),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nEND:VTODO\n", .unterminatedComponent(name: "VCALENDAR", openedAtLine: 1)),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nBEGIN:VALARM\nEND:VALARM\nEND:VTODO\n", .unterminatedComponent(name: "VCALENDAR", openedAtLine: 1)),
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n", .unterminatedComponent(name: "VTODO", openedAtLine: 2)),
        ("VERSION:2.0\nBEGIN:VCALENDAR\nEND:VCALENDAR\n", .propertyOutsideComponent(line: 1, name: "VERSION")),
        ("BEGIN:VCALENDAR\nEND:VCALENDAR\nX-TRAILING:1\n", .propertyOutsideComponent(line: 3, name: "X-TRAILING")),
        ("BEGIN:VCALENDAR\nEND:VCALENDAR\nEND:VCALENDAR\n", .unexpectedEnd(line: 3, name: "VCALENDAR")),
        ("BEGIN:VCALENDAR\nSUM MARY:x\nEND:VCALENDAR\n", .invalidName(line: 2, name: "SUM MARY")),
        ("BEGIN:VCALENDAR\n:novalue\nEND:VCALENDAR\n", .invalidName(line: 2, name: "")),
        ("BEGIN:VCALENDAR\nDUE;X-Ä=1:x\nEND:VCALENDAR\n", .invalidName(line: 2, name: "X-Ä")),
        ("BEGIN:VCALENDAR\nDUE;TZID:20260101T090000\nEND:VCALENDAR\n", .malformedParameter(line: 2, parameter: "TZID")),
        ("BEGIN:VCALENDAR\nX-P;X-T=a\"b:v\nEND:VCALENDAR\n", .malformedParameter(line: 2, parameter: "X-T")),
        ("BEGIN:VCALENDAR\nX-P;X-T=\"ab\"c:v\nEND:VCALENDAR\n", .malformedParameter(line: 2, parameter: "X-T")),
        ("BEGIN:VCALENDAR\nX-P;X-TITLE=\"Home:geo:1,2\nEND:VCALENDAR\n", .unterminatedQuote(line: 2, parameter: "X-TITLE")),
        ("BEGIN:VCALENDAR\nX-P;X-A=1\nEND:VCALENDAR\n", .missingColon(line: 2, text: "X-P;X-A=1")),
        ("BEGIN:VCALENDAR\nBEGIN:\nEND:VCALENDAR\n", .missingComponentName(line: 2)),
        ("BEGIN:VCALENDAR\nBEGIN:V TODO\nEND:V TODO\nEND:VCALENDAR\n", .invalidName(line: 2, name: "V TODO")),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nEND:\nEND:VCALENDAR\n", .missingComponentName(line: 3)),
        (" folded first\nBEGIN:VCALENDAR\n", .continuationWithoutLine(line: 1)),
        // Physical lines count folds: the bad line is the fifth line of the file.
        (
            "BEGIN:VCALENDAR\r\nDESCRIPTION:a\r\n b\r\n c\r\nNO COLON HERE\r\nEND:VCALENDAR\r\n",
            .missingColon(line: 5, text: "NO COLON HERE")
        ),
        // A folded bad line is reported at the line it starts on.
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY\n Buy\nEND:VTODO\nEND:VCALENDAR\n", .missingColon(line: 3, text: "SUMMARYBuy")),
    ])
    func refusesBrokenFilesNamingTheLine(text: String, error: ICalParseError) {
        #expect(throws: error) { try ICalReader.components(from: text) }
    }

    @Test func refusesInvalidUTF8NamingTheLine() {
        let bytes = Data("BEGIN:VCALENDAR\nSUMMARY:ok\nSUMMARY:bad ".utf8) + Data([0xFF, 0xFE]) + Data("\nEND:VCALENDAR\n".utf8)
        #expect(throws: ICalParseError.invalidUTF8(line: 3)) { try ICalReader.components(from: bytes) }
    }

    @Test func errorMessagesNameTheLineAndTheFix() {
        #expect(
            ICalParseError.missingColon(line: 3, text: "SUMMARY Buy milk").description
                == "line 3: no ':' between name and value in \"SUMMARY Buy milk\"; content lines are NAME:VALUE")
        #expect(
            ICalParseError.mismatchedEnd(line: 9, expected: "VALARM", found: "VTODO").description
                == "line 9: END:VTODO found where END:VALARM was expected")
        #expect(
            ICalParseError.unterminatedComponent(name: "VTODO", openedAtLine: 4).description
                == "the file ends inside VTODO (opened at line 4); END:VTODO is missing")
        #expect(
            ICalParseError.propertyOutsideComponent(line: 1, name: "VERSION").description
                == "line 1: property VERSION is outside any component; it must sit between BEGIN and END")
        #expect(
            ICalParseError.invalidValue(line: 7, property: "DUE", problem: .badDate(value: "2026-01-01")).description
                == "line 7: DUE: \"2026-01-01\" is not a DATE; expected YYYYMMDD (RFC 5545 §3.3.4)")
    }
}
