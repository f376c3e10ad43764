import Foundation
import Testing

@testable import ICalendar

/// Folding on write and unfolding on read (RFC 5545 §3.1).
struct ICalendarFoldingTests {
    private func a(_ n: Int) -> String { String(repeating: "a", count: n) }

    @Test func lineOfExactly75OctetsIsNotFolded() {
        let line = "SUMMARY:" + a(67)
        #expect(line.utf8.count == 75)
        #expect(ICalFolding.fold(line) == line + "\r\n")
    }

    @Test func line76OctetsFoldsTheLastOctet() {
        #expect(ICalFolding.fold("SUMMARY:" + a(68)) == "SUMMARY:" + a(67) + "\r\n a\r\n")
    }

    @Test func continuationLinesCarry74OctetsAfterTheirSpace() {
        let folded = ICalFolding.fold("SUMMARY:" + a(67 + 74 + 5))
        #expect(folded == "SUMMARY:" + a(67) + "\r\n " + a(74) + "\r\n " + a(5) + "\r\n")
        for physical in folded.split(separator: "\r\n") { #expect(physical.utf8.count <= 75) }
    }

    @Test func twoByteCharacterEndingAtOctet75StaysOnTheFirstLine() {
        let line = "SUMMARY:" + a(65) + "é"
        #expect(line.utf8.count == 75)
        #expect(ICalFolding.fold(line) == line + "\r\n")
    }

    @Test func twoByteCharacterStraddlingOctet75MovesWhole() {
        // "é" would occupy octets 75 and 76: the first line stops at 74.
        #expect(ICalFolding.fold("SUMMARY:" + a(66) + "é!") == "SUMMARY:" + a(66) + "\r\n é!\r\n")
    }

    @Test(arguments: [
        ("€", 3, 65, 73),  // octets 74-76
        ("€", 3, 66, 74),  // octets 75-77
        ("🗺", 4, 64, 72),  // octets 73-76
        ("🗺", 4, 66, 74),  // octets 75-78
    ])
    func multiByteCharacterAtTheBoundaryIsNeverSplit(char: String, width: Int, prefix: Int, firstLineOctets: Int) {
        #expect(char.utf8.count == width)
        let folded = ICalFolding.fold("SUMMARY:" + a(prefix) + char + "z")
        #expect(folded == "SUMMARY:" + a(prefix) + "\r\n " + char + "z\r\n")
        #expect(folded.split(separator: "\r\n")[0].utf8.count == firstLineOctets)
    }

    @Test func longMultiByteTextFoldsWithinLimitAndUnfoldsBack() throws {
        let text = String(repeating: "Grüße aus Köln – 東京 🗺 ", count: 12)
        let line = "DESCRIPTION:" + text
        let folded = ICalFolding.fold(line)
        for physical in folded.components(separatedBy: "\r\n").dropLast() {
            #expect(physical.utf8.count <= 75)
            #expect(String(validating: Array(physical.utf8), as: UTF8.self) != nil)
        }
        #expect(try ICalFolding.unfold(folded.utf8).map(\.text) == [line])
    }

    @Test func unfoldsCRLFAndLFOnlyAndTabContinuations() throws {
        let crlf = "BEGIN:VTODO\r\nSUMMARY:Buy\r\n  milk\r\n\tand eggs\r\nEND:VTODO\r\n"
        let lf = "BEGIN:VTODO\nSUMMARY:Buy\n  milk\n\tand eggs\nEND:VTODO"
        let expected = [
            ICalFolding.LogicalLine(lineNumber: 1, text: "BEGIN:VTODO"),
            ICalFolding.LogicalLine(lineNumber: 2, text: "SUMMARY:Buy milkand eggs"),
            ICalFolding.LogicalLine(lineNumber: 5, text: "END:VTODO"),
        ]
        #expect(try ICalFolding.unfold(crlf.utf8) == expected)
        #expect(try ICalFolding.unfold(lf.utf8) == expected)
    }

    @Test func utf8SequenceSplitAcrossAFoldIsRejoinedOnOctets() throws {
        // "é" is C3 A9; a careless writer folded between its two octets.
        let bytes: [UInt8] = Array("SUMMARY:Caf".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9] + Array(" crème\r\n".utf8)
        #expect(try ICalFolding.unfold(bytes) == [ICalFolding.LogicalLine(lineNumber: 1, text: "SUMMARY:Café crème")])
        let emoji = Array("X:".utf8) + [0xF0, 0x9F, 0x0A, 0x09, 0x97, 0xBA]
        #expect(try ICalFolding.unfold(emoji).map(\.text) == ["X:🗺"])
    }

    @Test func blankLinesAndByteOrderMarkAreSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("BEGIN:X\r\n\r\nEND:X\r\n\r\n".utf8)
        #expect(
            try ICalFolding.unfold(bytes) == [
                ICalFolding.LogicalLine(lineNumber: 1, text: "BEGIN:X"),
                ICalFolding.LogicalLine(lineNumber: 3, text: "END:X"),
            ])
    }

    @Test func writerEndsEveryLineWithCRLF() {
        var todo = ICalComponent(name: "VTODO")
        todo.append(ICalProperty(name: "UID", value: "1"))
        todo.append(ICalProperty(name: "SUMMARY", text: "Long " + String(repeating: "x", count: 80)))
        var calendar = ICalComponent(name: "VCALENDAR", properties: [ICalProperty(name: "VERSION", value: "2.0")])
        calendar.append(todo)
        let text = ICalWriter.string(calendar)
        #expect(
            text == "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:1\r\nSUMMARY:Long " + String(repeating: "x", count: 62)
                + "\r\n " + String(repeating: "x", count: 18) + "\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }
}
