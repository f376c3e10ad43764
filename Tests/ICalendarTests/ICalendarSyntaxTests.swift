import Foundation
import Testing

@testable import ICalendar

/// Content lines: name, parameters and value (RFC 5545 §3.1, §3.2; RFC 6868).
struct ICalendarSyntaxTests {
    private func property(_ line: String) throws -> ICalProperty {
        try ICalContentLine.parse(line, lineNumber: 1)
    }

    @Test func plainPropertyKeepsEverythingAfterTheFirstColonAsValue() throws {
        let p = try property("URL:http://example.com:8080/a;b,c")
        #expect(p.name == "URL")
        #expect(p.parameters.isEmpty)
        #expect(p.value == "http://example.com:8080/a;b,c")
    }

    @Test func namesAreCaseInsensitiveAndStoredUppercased() throws {
        let p = try property("dtStart;tzid=Europe/Berlin:20261005T090000")
        #expect(p.name == "DTSTART")
        #expect(p.parameters == [ICalParameter(name: "TZID", value: "Europe/Berlin")])
        #expect(p.parameter("tzid") == "Europe/Berlin")
    }

    @Test func quotedParameterValuesHoldColonSemicolonAndComma() throws {
        let p = try property(
            #"X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS="1 Main St, Springfield; USA";X-TITLE="Home: front door":geo:40.1,-75.2"#)
        #expect(
            p.parameters == [
                ICalParameter(name: "VALUE", value: "URI"),
                ICalParameter(name: "X-ADDRESS", value: "1 Main St, Springfield; USA"),
                ICalParameter(name: "X-TITLE", value: "Home: front door"),
            ])
        #expect(p.value == "geo:40.1,-75.2")
    }

    @Test func parameterWithSeveralValuesMixingQuotedAndBare() throws {
        let p = try property(#"ATTENDEE;MEMBER="mailto:a@example.com",mailto-b,"x;y":mailto:c@example.com"#)
        #expect(p.parameterValues("member") == ["mailto:a@example.com", "mailto-b", "x;y"])
        #expect(p.value == "mailto:c@example.com")
    }

    @Test func emptyParameterValueAndEmptyPropertyValue() throws {
        let p = try property("X-EMPTY;X-A=;X-B=\"\":")
        #expect(p.parameters == [ICalParameter(name: "X-A", value: ""), ICalParameter(name: "X-B", value: "")])
        #expect(p.value == "")
    }

    @Test(arguments: [
        ("^n", "\n"), ("^'", "\""), ("^^", "^"), ("a^nb^^c^'d^'", "a\nb^c\"d\""), ("^x", "^x"), ("end^", "end^"),
    ])
    func caretEscapesInParameterValuesAreDecoded(raw: String, decoded: String) throws {
        let p = try property("X-P;X-TITLE=\(raw):v")
        #expect(p.parameter("X-TITLE") == decoded)
    }

    @Test func caretEscapesAlsoApplyInsideQuotes() throws {
        let p = try property(#"LOCATION;X-ADDRESS="Line 1^nLine 2, ^'Annex^'":Office"#)
        #expect(p.parameter("X-ADDRESS") == "Line 1\nLine 2, \"Annex\"")
    }

    @Test func textAccessorsUnescape() throws {
        let p = try property(#"DESCRIPTION:Milk\, eggs\; bread\nand \\ more\N."#)
        #expect(p.text == "Milk, eggs; bread\nand \\ more\n.")
        let c = try property(#"CATEGORIES:Errands,Home\, garden,Work"#)
        #expect(c.textList == ["Errands", "Home, garden", "Work"])
    }

    // MARK: Writing

    @Test func writerQuotesParameterValuesOnlyWhenNeeded() {
        let p = ICalProperty(
            name: "x-apple-structured-location",
            parameters: [
                ICalParameter(name: "value", value: "URI"),
                ICalParameter(name: "X-ADDRESS", value: "1 Main St, Springfield"),
                ICalParameter(name: "X-APPLE-RADIUS", value: "70.5"),
                ICalParameter(name: "X-TITLE", value: "Gym: east door"),
                ICalParameter(name: "X-NOTE", value: "semi;colon"),
            ], value: "geo:40.1,-75.2")
        #expect(
            ICalWriter.contentLine(p)
                == #"X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS="1 Main St, Springfield";X-APPLE-RADIUS=70.5;X-TITLE="Gym: east door";X-NOTE="semi;colon":geo:40.1,-75.2"#
        )
    }

    @Test func writerEncodesCaretEscapesAndQuotesEachValue() {
        let p = ICalProperty(
            name: "X-P",
            parameters: [
                ICalParameter(name: "X-ADDRESS", value: "Line 1\nSay \"hi\" ^_^"),
                ICalParameter(name: "MEMBER", values: ["mailto:a@x.org", "plain"]),
            ], value: "v")
        #expect(ICalWriter.contentLine(p) == #"X-P;X-ADDRESS=Line 1^nSay ^'hi^' ^^_^^;MEMBER="mailto:a@x.org",plain:v"#)
    }

    @Test(arguments: [
        "simple", "", "with: colon", "semi;colon", "a,b", "new\nline", "quote \"q\"", "caret ^ and ^n literal", "Zürich 東京",
    ])
    func parameterValueRoundTrips(value: String) throws {
        let written = ICalWriter.contentLine(ICalProperty(name: "X-P", parameters: [ICalParameter(name: "X-V", value: value)], value: "x"))
        let read = try property(written)
        #expect(read.parameter("X-V") == value)
        #expect(read.value == "x")
    }

    @Test func rawLineBreaksInAValueCannotSplitTheLine() {
        #expect(ICalWriter.contentLine(ICalProperty(name: "X-RAW", value: "a\nb\r\nc\rd")) == #"X-RAW:a\nb\nc\nd"#)
    }

    @Test func textPropertyInitializersEscape() {
        #expect(ICalProperty(name: "SUMMARY", text: "Buy milk, eggs; bread\nnow \\o/").value == #"Buy milk\, eggs\; bread\nnow \\o/"#)
        #expect(ICalProperty(name: "CATEGORIES", textList: ["Home, garden", "Work"]).value == #"Home\, garden,Work"#)
    }

    @Test func setParameterReplacesAppendsAndRemoves() {
        var p = ICalProperty(name: "DUE", parameters: [ICalParameter(name: "TZID", value: "Europe/Berlin")], value: "20260101T090000")
        p.setParameter("tzid", "America/New_York")
        p.setParameter("VALUE", "DATE-TIME")
        #expect(p.parameters == [ICalParameter(name: "TZID", value: "America/New_York"), ICalParameter(name: "VALUE", value: "DATE-TIME")])
        p.setParameter("TZID", nil)
        #expect(p.parameters == [ICalParameter(name: "VALUE", value: "DATE-TIME")])
    }

    @Test func componentLookupsAreCaseInsensitive() throws {
        let tree = try ICalReader.components(
            from: "BEGIN:VTODO\nATTENDEE:a\nattendee:b\nSUMMARY:x\nBEGIN:VALARM\nACTION:DISPLAY\nEND:VALARM\nEND:VTODO\n")
        let todo = try #require(tree.first)
        #expect(todo.properties(named: "Attendee").map(\.value) == ["a", "b"])
        #expect(todo.property("summary")?.value == "x")
        #expect(todo.components(named: "valarm").count == 1)
        #expect(todo.property("summary")?.lineNumber == 4)
        #expect(todo.components[0].lineNumber == 5)
    }
}
