import Foundation
import GeofenceEngine
import Testing

@testable import TraceFormats

@Suite struct NDJSONReaderTests {
    /// Windows line ends, and a first line longer than the sniffed bytes, still read as NDJSON.
    @Test func crlfLinesAndALongFirstLineAreNDJSON() throws {
        let line = #"{"_type":"location","lat":48.5,"lon":2.25,"tst":1700000000}"#
        let crlf = try TraceFixtures.read(
            text: line + "\r\n" + line.replacingOccurrences(of: "1700000000", with: "1700000060") + "\r\n",
            named: "crlf.json")
        #expect(crlf.report.format == .ndjson)
        #expect(crlf.fixes.map(\.time) == [TraceFixtures.date(1_700_000_000), TraceFixtures.date(1_700_000_060)])
        let long = #"{"_type":"location","desc":""# + String(repeating: "x", count: 5_000) + #"","lat":48.5,"lon":2.25,"tst":1700000000}"#
        let read = try TraceFixtures.read(text: long + "\n", named: "long.ndjson")
        #expect(read.report.format == .ndjson)
        #expect(read.fixes.count == 1)
    }

    @Test func ownTracksPayloadsSkipOtherTypes() throws {
        let (fixes, report) = try TraceFixtures.read("owntracks.ndjson")
        #expect(report.format == .ndjson)
        #expect(fixes.count == 4)
        #expect(
            fixes.first
                == Fix(
                    time: TraceFixtures.date(1_672_531_200), latitude: 59.3293235, longitude: 18.0685808,
                    accuracy: 12, device: "jd"))
        #expect(
            fixes[1]
                == Fix(
                    time: TraceFixtures.date(1_672_531_320), latitude: 59.3300001, longitude: 18.0700002,
                    accuracy: 5.5, device: "jd"))
        #expect(fixes[2].accuracy == nil)
        #expect(
            fixes.last
                == Fix(
                    time: TraceFixtures.date(1_672_531_560.25), latitude: 59.334, longitude: 18.074,
                    accuracy: 7, device: "jane\u{2019}s phone"))
        #expect(report.skipped == [.skippedType: 4, .noCoordinates: 1, .unparsable: 1, .badTime: 1])
        #expect(report.samples[.skippedType]?.map(\.line) == [2, 3, 5, 6])
        #expect(report.samples[.noCoordinates]?.map(\.line) == [9])
        #expect(report.samples[.unparsable]?.map(\.line) == [10])
        #expect(report.samples[.badTime]?.map(\.line) == [12])
    }

    @Test func ownTracksRecorderLines() throws {
        let (fixes, report) = try TraceFixtures.read("recorder-2023-01.rec")
        #expect(fixes.count == 2)
        #expect(
            fixes.first
                == Fix(
                    time: TraceFixtures.date(1_672_531_200), latitude: 59.3293, longitude: 18.0686,
                    accuracy: 10, device: "jd"))
        #expect(
            fixes.last
                == Fix(
                    time: TraceFixtures.date(1_672_531_800), latitude: 59.3301, longitude: 18.0701,
                    accuracy: 10, device: "jd"))
        #expect(report.skipped == [.skippedType: 1])
    }

    @Test func jsonFileOfObjectLinesIsNDJSON() throws {
        let text = "{\"lat\":1,\"lon\":2,\"tst\":10}\n{\"lat\":3,\"lon\":4,\"tst\":20}\n"
        let (fixes, report) = try TraceFixtures.read(text: text, named: "export.json")
        #expect(report.format == .ndjson)
        #expect(fixes.map(\.time) == [TraceFixtures.date(10), TraceFixtures.date(20)])
    }

    @Test(arguments: [
        // time wins over tst; device over tid; strings with escapes; nested values skipped.
        (
            #"{"time":"2024-01-01T00:00:00Z","tst":5,"lat":1,"lon":2,"device":"a","tid":"b"}"#,
            Fix(time: Date(timeIntervalSince1970: 1_704_067_200), latitude: 1, longitude: 2, device: "a")
        ),
        (
            #"{ "x": {"y": [1, "}\"]"]}, "lat" : -1.5e1 , "lon": "2.25", "tid": "t\/1" }"#,
            Fix(time: nil, latitude: -15, longitude: 2.25, device: "t/1")
        ),
        (
            #"{"lat":1,"lon":2,"time":1700000000123,"accuracy":3.5,"device":null}"#,
            Fix(time: Date(timeIntervalSince1970: 1_700_000_000.123), latitude: 1, longitude: 2, accuracy: 3.5)
        ),
        (
            #"{"lat":100,"lon":200,"time":"2024-01-01T01:00:00\u002B01:00"}"#,
            Fix(time: Date(timeIntervalSince1970: 1_704_067_200), latitude: 100, longitude: 200)
        ),
    ])
    func membersAreReadByName(line: String, expected: Fix) throws {
        let (fixes, _) = try TraceFixtures.read(text: line + "\n", named: "x.ndjson")
        #expect(fixes == [expected])
    }

    @Test(arguments: [
        #"{"lat":1,"lon":2} trailing"#, #"{"lat":1,"lon":{"a":1}}"#, #"{"lat":1,"lon":2,}"#,
        #"{"lat":1 "lon":2}"#, #"["lat",1]"#, #"{"lat":tru,"lon":2}"#, #"{"lat":"north","lon":2}"#,
        #"{"lat":1,"lon":2,"acc":"wide"}"#, #"{"lat":1,"lon":2,"device":5}"#,
    ])
    func malformedLinesAreUnparsable(line: String) throws {
        let text = "{\"lat\":1,\"lon\":2}\n" + line + "\n"
        let (fixes, report) = try TraceFixtures.read(text: text, named: "x.ndjson")
        #expect(fixes.count == 1)
        #expect(report.skipped == [.unparsable: 1])
    }

    @Test func jsonStringDecodingHandlesEscapesAndSurrogates() {
        let raw = Array(#"a\"b\\c\/d\n\t\u00e9\ud83d\ude00"#.utf8)
        #expect(raw.withUnsafeBufferPointer(JSONString.decode) == "a\"b\\c/d\n\t\u{e9}\u{1F600}")
        #expect(Array(#"bad\x"#.utf8).withUnsafeBufferPointer(JSONString.decode) == nil)
        #expect(Array(#"\ud83d"#.utf8).withUnsafeBufferPointer(JSONString.decode) == nil)
    }
}
