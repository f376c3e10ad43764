import Testing

@testable import ICalendar

/// TEXT escaping (RFC 5545 §3.3.11).
struct ICalendarTextTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a,b", #"a\,b"#),
        ("a;b", #"a\;b"#),
        (#"back\slash"#, #"back\\slash"#),
        ("line1\nline2", #"line1\nline2"#),
        ("crlf\r\nend", #"crlf\nend"#),
        ("Zoë; café, 東京", #"Zoë\; café\, 東京"#),
        (#"\n is not a newline"#, #"\\n is not a newline"#),
        ("", ""),
    ])
    func escapesExactly(text: String, escaped: String) {
        #expect(ICalText.escape(text) == escaped)
    }

    @Test(arguments: [
        "plain", "a,b;c", #"\\\;\,"#, "multi\nline\n\ntext", "trailing backslash \\", "ü ∑ 🗺️ mixed, with; all\\",
    ])
    func escapeThenUnescapeRoundTrips(text: String) {
        #expect(ICalText.unescape(ICalText.escape(text)) == text)
    }

    @Test(arguments: [
        (#"a\Nb"#, "a\nb"), (#"x\:y"#, "x:y"), (#"end\"#, #"end\"#), (#"\\n"#, #"\n"#), (#"\\\n"#, "\\\n"),
    ])
    func unescapeIsLenientWithWhatOtherWritersEmit(raw: String, text: String) {
        #expect(ICalText.unescape(raw) == text)
    }

    @Test func listsSplitOnlyOnUnescapedCommas() {
        #expect(ICalText.splitList(#"Errands,Home\, garden,,Back\\,slash"#) == ["Errands", "Home, garden", "", #"Back\"#, "slash"])
        #expect(ICalText.splitList("") == [""])
        #expect(ICalText.joinList(["a,b", "c;d", #"e\"#]) == #"a\,b,c\;d,e\\"#)
        #expect(ICalText.splitList(ICalText.joinList(["a,b", "c;d", #"e\"#])) == ["a,b", "c;d", #"e\"#])
    }
}
