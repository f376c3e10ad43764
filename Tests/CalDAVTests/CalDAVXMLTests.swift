import Testing

@testable import CalDAV

@Suite struct CalDAVXMLTests {
    @Test func elementsAreKeyedByNamespaceAndLocalNameWhateverThePrefix() throws {
        let body = """
            <?xml version="1.0"?>
            <A:propfind xmlns:A="DAV:" xmlns:Q="urn:ietf:params:xml:ns:caldav"><A:prop>
            <A:getetag/><Q:calendar-home-set/><unknown xmlns="urn:x"/></A:prop></A:propfind>
            """
        let root = try DAVXMLReader.element(from: Array(body.utf8))
        #expect(root.name == DAVName("DAV:", "propfind"))
        #expect(
            root.child(DAVName("DAV:", "prop"))?.children.map(\.name) == [
                DAVName("DAV:", "getetag"), DAVName("urn:ietf:params:xml:ns:caldav", "calendar-home-set"),
                DAVName("urn:x", "unknown"),
            ])
    }

    @Test func aDoctypeIsRefusedSoNoEntityIsEverExpanded() {
        let body = """
            <?xml version="1.0"?>
            <!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <d:propfind xmlns:d="DAV:"><d:prop>&x;</d:prop></d:propfind>
            """
        #expect(throws: DAVXMLReader.Failure.doctype) { try DAVXMLReader.element(from: Array(body.utf8)) }
        #expect(throws: DAVXMLReader.Failure.malformed) { try DAVXMLReader.element(from: Array("<d:a xmlns:d='DAV:'>".utf8)) }
    }

    @Test func aMultistatusIsWrittenWithFixedPrefixesAndUnknownNamespacesDeclaredInPlace() {
        let multistatus = Multistatus(entries: [
            .init(
                href: "/dav/principals/default/",
                propstats: [
                    (200, [DAVElement(DAVName("DAV:", "displayname"), text: "a & b")]),
                    (404, [DAVElement(DAVName("urn:x", "color"))]),
                ]),
            .init(href: "/dav/calendars/default/l/gone.ics", status: 404),
        ])
        #expect(
            multistatus.text == """
                <?xml version="1.0" encoding="utf-8"?>
                <d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" \
                xmlns:ical="http://apple.com/ns/ical/"><d:response><d:href>/dav/principals/default/</d:href><d:propstat><d:prop>\
                <d:displayname>a &amp; b</d:displayname></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat><d:propstat>\
                <d:prop><x:color xmlns:x="urn:x"/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat></d:response>\
                <d:response><d:href>/dav/calendars/default/l/gone.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status>\
                </d:response></d:multistatus>

                """)
    }

    /// What a response body carries is written response by response; it must be the whole tree's bytes.
    /// The escaper looks 8 bytes at a time: every length and position of a byte to escape, in
    /// text and attributes, against escaping byte by byte; calendar data given as bytes is
    /// written as the same text given as a string.
    @Test func escapingAgreesWithByteByByteAtEveryPosition() {
        func reference(_ bytes: [UInt8], attribute: Bool) -> [UInt8] {
            bytes.flatMap { byte -> [UInt8] in
                switch byte {
                case 0x26: Array("&amp;".utf8)
                case 0x3C: Array("&lt;".utf8)
                case 0x3E: Array("&gt;".utf8)
                case 0x22 where attribute: Array("&quot;".utf8)
                case 0x0D: Array("&#13;".utf8)
                default: [byte]
                }
            }
        }
        let alphabet = Array("ab&<>\"\r\né".utf8)
        var state: UInt64 = 7
        func nextRandom() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for length in 0..<70 {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in alphabet[Int(nextRandom() % UInt64(alphabet.count))] }
                for attribute in [false, true] {
                    var out: [UInt8] = []
                    bytes.withUnsafeBufferPointer { DAVXMLWriter.appendEscaped($0, attribute: attribute, to: &out) }
                    #expect(out == reference(bytes, attribute: attribute), "\(bytes)")
                }
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(
                    DAVXMLWriter.bytes(DAVElement(.c("calendar-data"), utf8: Array(text.utf8)))
                        == DAVXMLWriter.bytes(DAVElement(.c("calendar-data"), text: text)))
            }
        }
    }

    @Test func aMultistatusWrittenResponseByResponseIsItsTreesBytes() {
        var entries: [Multistatus.Entry] = [.init(href: "/dav/calendars/default/l/gone.ics", status: 404)]
        for index in 0..<3 {
            entries.append(
                .init(
                    href: "/dav/calendars/default/l/\(index).ics",
                    propstats: [(200, [DAVElement(.d("getetag"), text: "\"\(index)\"")]), (404, [DAVElement(.d("nope"))])]))
        }
        for token in [nil, "https://georemind.org/ns/sync/1"] {
            let multistatus = Multistatus(entries: entries, syncToken: token)
            #expect(multistatus.bytes == DAVXMLWriter.bytes(multistatus.element))
        }
        let empty = Multistatus(entries: [], syncToken: "t")
        #expect(empty.bytes == DAVXMLWriter.bytes(empty.element))
    }

    @Test func pathsAreReadDecodedAndHrefsWrittenEncoded() {
        #expect(DAVPath("/dav/") == .root)
        #expect(DAVPath("/dav/principals/default/") == .principal("default"))
        #expect(DAVPath("http://host:80/dav/calendars/default/") == .home("default"))
        #expect(DAVPath("/dav/calendars/default/abc/a%40b.ics") == .object(principal: "default", list: "abc", name: "a@b.ics"))
        #expect(DAVPath("/api/v1/reminders") == nil)
        #expect(DAVPath.encoded("a@b c.ics") == "a%40b%20c.ics")
    }
}
