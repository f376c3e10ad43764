import Foundation
import Testing

@testable import ICalendar

/// Hostile nesting is refused with the line and the limit, before a deep tree exists.
@Suite struct ICalendarLimitsTests {
    @Test func nestingBeyondTheLimitIsRefused() throws {
        let depth = 70_000
        let text = String(repeating: "BEGIN:X\n", count: depth) + String(repeating: "END:X\n", count: depth)
        #expect(throws: ICalParseError.nestedTooDeep(line: ICalReader.maximumDepth + 1, limit: ICalReader.maximumDepth)) {
            try ICalReader.components(from: text)
        }
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let depth = ICalReader.maximumDepth
        let text = String(repeating: "BEGIN:X\n", count: depth) + String(repeating: "END:X\n", count: depth)
        var component = try #require(try ICalReader.components(from: text).first)
        var levels = 1
        while let inner = component.components.first { component = inner; levels += 1 }
        #expect(levels == depth)
    }

    @Test func aLineLongerThanTheLimitIsRefusedWithItsNumber() throws {
        let text =
            "BEGIN:VCALENDAR\nBEGIN:VTODO\nRRULE:FREQ=DAILY;BYMONTHDAY=" + String(repeating: "1,", count: 600_000)
            + "1\nEND:VTODO\nEND:VCALENDAR\n"
        #expect(throws: ICalParseError.lineTooLong(line: 3, limit: ICalFolding.maximumLineLength)) {
            try ICalReader.components(from: text)
        }
    }
}
