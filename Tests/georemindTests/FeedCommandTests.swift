import Foundation
import Testing

/// `feed` on the fixture commute (Work → Grocery Store → Home), JSON lines and summaries exact.
@Suite struct FeedCommandTests {
    let sandbox: CLISandbox
    var names: [String: String] = [:]
    let commute = CLISandbox.fixture("cli/commute.csv")

    init() throws {
        sandbox = try CLISandbox()
        names[try sandbox.add("Leave work", "--at", "Work", "--when", "leaving", "--priority", "high")] = "work"
        names[try sandbox.add("Buy milk", "--at", "Grocery Store")] = "milk"
        names[try sandbox.add("Pick up prescription", "--at", "Pharmacy")] = "pharmacy"
        names[try sandbox.add("Call mum", "--alarm", "2026-11-24T01:30:00Z", "--priority", "5")] = "mum"
        names[try sandbox.add("Too late", "--alarm", "2026-11-24T03:00:00Z")] = "late"
    }

    func run(_ arguments: String..., input: Data = Data()) throws -> CLIResult {
        var result = try sandbox.run(arguments, input: input)
        result.stdout = idsNamed(result.stdout, names)
        return result
    }

    static let events = """
        {"distance":301,"fix":{"latitude":37.333774,"longitude":-122.01211,"time":"2026-11-24T01:27:30Z"},"id":"<evt>","kind":"leave","location":{"latitude":37.3349,"longitude":-122.00902,"radius":250,"title":"Work"},"reminder":{"id":"<work>","priority":1,"title":"Leave work"},"time":"2026-11-24T01:27:30Z"}
        {"id":"<evt>","kind":"time","reminder":{"id":"<mum>","priority":5,"title":"Call mum"},"time":"2026-11-24T01:30:00Z"}
        {"distance":0,"fix":{"latitude":37.32364,"longitude":-122.03992,"time":"2026-11-24T01:32:00Z"},"id":"<evt>","kind":"enter","location":{"latitude":37.32364,"longitude":-122.03992,"radius":120,"title":"Grocery Store"},"reminder":{"id":"<milk>","priority":0,"title":"Buy milk"},"time":"2026-11-24T01:32:00Z"}

        """

    /// Each event carries the firing's id: distinct per event, the same when the trace is fed
    /// again (a consumer that saw output of a killed run drops what it already handled).
    @Test func eventIdsAreStableAcrossReplays() throws {
        func ids() throws -> [String] {
            let output = try sandbox.run("feed", commute, "--json", "--dry-run").stdout
            return output.split(separator: "\n").compactMap { line in
                line.range(of: #"evt_[0-9A-HJKMNP-TV-Z]{26}"#, options: .regularExpression).map { String(line[$0]) }
            }
        }
        let first = try ids()
        #expect(first.count == 3)
        #expect(Set(first).count == 3)
        #expect(first == first.sorted())  // time-ordered: the events are printed in time order
        #expect(try ids() == first)
    }

    @Test func jsonLinesAndSummary() throws {
        #expect(
            try run("feed", commute, "--json", "--dry-run")
                == CLIResult(
                    stdout: Self.events,
                    stderr:
                        #"{"admitted":41,"dropped":{"duplicate":0,"implausible-speed":0,"low-accuracy":0,"out-of-order":1,"too-frequent":0},"rejected":{"bad-coordinates":1,"bad-time":0,"no-time":1}}"#
                        + "\n",
                    status: 0))
    }

    @Test func readableLinesThenNothingFiresTwice() throws {
        #expect(
            try run("feed", commute)
                == CLIResult(
                    stdout: """
                        2026-11-23T20:27:30-05:00  leave  Leave work  Work (301 m from centre)
                        2026-11-23T20:30:00-05:00  time   Call mum
                        2026-11-23T20:32:00-05:00  enter  Buy milk  Grocery Store (0 m from centre)

                        """, stderr: "41 fixes admitted, 3 alarms fired; rejected: bad-coordinates 1, no-time 1; dropped: out-of-order 1\n",
                    status: 0))
        // The fired state and the engine's state were committed: the same file again is all old news.
        #expect(
            try run("feed", commute)
                == CLIResult(
                    stdout: "",
                    stderr:
                        "0 fixes admitted, 0 alarms fired; rejected: bad-coordinates 1, no-time 1; dropped: duplicate 1, out-of-order 41\n",
                    status: 0))
        #expect(
            try sandbox.ok("show", names.first { $0.value == "work" }!.key, "--json")
                .contains(#""firedDate":"2026-11-24T01:27:30Z""#))
    }

    @Test func dryRunWritesNothing() throws {
        _ = try run("feed", commute, "--dry-run")
        #expect(try run("feed", commute, "--dry-run", "--json").stdout == Self.events)
    }

    @Test func standardInputAndMaxAccuracy() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: commute))
        #expect(
            try run("feed", "-", "--format", "csv", "--json", "--dry-run", "--max-accuracy", "100", input: data)
                == CLIResult(
                    stdout: Self.events,
                    stderr:
                        #"{"admitted":40,"dropped":{"duplicate":0,"implausible-speed":0,"low-accuracy":1,"out-of-order":1,"too-frequent":0},"rejected":{"bad-coordinates":1,"bad-time":0,"no-time":1}}"#
                        + "\n",
                    status: 0))
    }

    @Test(arguments: [
        (["feed"], "Missing expected argument '<trace> ...'", 64),
        (["feed", "--format", "bogus", "x.csv"], "--format: 'bogus' is not gpx, csv, geojson, nmea or ndjson", 64),
        (
            ["feed", "--hysteresis", "5parsecs", "x.csv"], "--hysteresis: '5parsecs' has unknown unit 'parsecs'; use m, km, ft, yd or mi",
            64
        ),
        (["feed", "-", "-"], "standard input (-) can be read only once", 64),
    ])
    func usageErrors(arguments: [String], message: String, status: Int32) throws {
        #expect(try sandbox.run(arguments) == CLIResult(stdout: "", stderr: "error: \(message)\n", status: status))
    }

    /// Records the readers pass over count as rejected under the reader's reason; the readable
    /// summary names the first of each by file and line.
    @Test func readerSkipsAreCountedAndPlaced() throws {
        let log = CLISandbox.fixture("traces/car-logger.nmea")
        #expect(
            try run("feed", log, "--dry-run", "--json")
                == CLIResult(
                    stdout: "",
                    stderr: #"""
                        {"admitted":5,"dropped":{"duplicate":0,"implausible-speed":0,"low-accuracy":0,"out-of-order":0,"too-frequent":0},"rejected":{"bad-checksum":1,"bad-coordinates":0,"bad-time":0,"duplicate":1,"no-date":1,"no-fix":2,"no-time":0,"skipped-sentence":3,"unparsable":1}}

                        """#, status: 0))
        #expect(
            try run("feed", log, "--dry-run")
                == CLIResult(
                    stdout: "",
                    stderr: """
                        5 fixes admitted, 0 alarms fired; rejected: bad-checksum 1, duplicate 1, no-date 1, no-fix 2, skipped-sentence 3, unparsable 1; dropped: none
                        skipped bad-checksum 1: \(log):8
                        skipped duplicate 1: \(log):6
                        skipped no-date 1: \(log):1
                        skipped no-fix 2: \(log):3, \(log):10
                        skipped skipped-sentence 3: \(log):2, \(log):7, \(log):14
                        skipped unparsable 1: \(log):13

                        """, status: 0))
    }

    @Test func unreadableAndMalformedTracesWriteNothing() throws {
        let missing = sandbox.folder.appendingPathComponent("nope.csv").path
        #expect(
            try sandbox.run("feed", commute, missing)
                == CLIResult(
                    stdout: "", stderr: "error: \(missing): cannot read: No such file or directory\n", status: 65))
        let broken = CLISandbox.fixture("cli/no-coordinates.csv")
        #expect(
            try sandbox.run("feed", broken)
                == CLIResult(
                    stdout: "",
                    stderr: "error: \(broken):1: no latitude (lat, latitude) column in the CSV header (when, where)\n",
                    status: 65))
        // The commute was read before the failure, but nothing was committed.
        #expect(try run("feed", commute, "--json", "--dry-run").stdout == Self.events)
    }
}

/// Times no clock can give: a fix from the year three billion that crossed a fence once trapped
/// `feed` (SIGILL, in the event id's time conversion), and a phone's one fix from the year 506713
/// made every later fix of it out of order. Both are refused as `bad-time` and the trace goes on.
@Suite struct FeedHostileTimeTests {
    let sandbox: CLISandbox
    var names: [String: String] = [:]

    init() throws {
        sandbox = try CLISandbox()
        names[try sandbox.add("Leave work", "--at", "Work", "--when", "leaving", "--priority", "high")] = "work"
    }

    @Test(arguments: ["1e17", "9223372036854775807", "-86400"])
    func aTimeOutOfRangeIsRefusedAndTheTraceGoesOn(time: String) throws {
        let trace = sandbox.folder.appendingPathComponent("hostile.csv")
        try Data(
            """
            time,lat,lon
            1700000000,37.3349,-122.00902
            \(time),37.333774,-122.01211
            1700000120,37.333774,-122.01211

            """.utf8
        ).write(to: trace)
        var result = try sandbox.run(["feed", trace.path, "--json", "--dry-run"])
        result.stdout = idsNamed(result.stdout, names)
        #expect(
            result
                == CLIResult(
                    stdout:
                        #"{"distance":301,"fix":{"latitude":37.333774,"longitude":-122.01211,"time":"2023-11-14T22:15:20Z"},"id":"<evt>","kind":"leave","location":{"latitude":37.3349,"longitude":-122.00902,"radius":250,"title":"Work"},"reminder":{"id":"<work>","priority":1,"title":"Leave work"},"time":"2023-11-14T22:15:20Z"}"#
                        + "\n",
                    stderr:
                        #"{"admitted":2,"dropped":{"duplicate":0,"implausible-speed":0,"low-accuracy":0,"out-of-order":0,"too-frequent":0},"rejected":{"bad-coordinates":0,"bad-time":1,"no-time":0}}"#
                        + "\n",
                    status: 0))
    }
}
