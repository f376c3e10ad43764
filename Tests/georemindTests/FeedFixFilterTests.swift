import Foundation
import Testing

/// `feed` on a phone's trace with one GPS jump (3 km north for 193 ms) and one record written
/// twice: the jump fires a false leave/arrive pair unless a filter drops it.
@Suite struct FeedFixFilterTests {
    let sandbox: CLISandbox
    var names: [String: String] = [:]
    let trace = CLISandbox.fixture("cli/jumpy-phone.csv")

    init() throws {
        sandbox = try CLISandbox()
        names[try sandbox.add("Leave work", "--at", "Work", "--when", "leaving")] = "leave"
        names[try sandbox.add("At work", "--at", "Work")] = "arrive"
    }

    func run(_ arguments: String...) throws -> CLIResult {
        try run(arguments)
    }

    func run(_ arguments: [String]) throws -> CLIResult {
        var result = try sandbox.run(["feed", trace, "--dry-run"] + arguments)
        result.stdout = idsNamed(result.stdout, names)
        return result
    }

    static func summary(implausible: Int = 0, tooFrequent: Int = 0) -> String {
        let admitted = 26 - implausible - tooFrequent
        return #"{"admitted":\#(admitted),"dropped":{"duplicate":1,"implausible-speed":\#(implausible),"low-accuracy":0,"#
            + #""out-of-order":0,"too-frequent":\#(tooFrequent)},"rejected":{"bad-coordinates":0,"bad-time":0,"no-time":0}}"# + "\n"
    }

    @Test func withoutFiltersTheJumpFiresAFalsePairWithMilliseconds() throws {
        #expect(
            try run("--json")
                == CLIResult(
                    stdout: """
                        {"distance":2994.4,"fix":{"latitude":37.36188,"longitude":-122.00902,"time":"2026-03-02T17:01:00.193Z"},"id":"<evt>","kind":"leave","location":{"latitude":37.3349,"longitude":-122.00902,"radius":250,"title":"Work"},"reminder":{"id":"<leave>","priority":0,"title":"Leave work"},"time":"2026-03-02T17:01:00.193Z"}
                        {"distance":1.8,"fix":{"latitude":37.3349,"longitude":-122.00904,"time":"2026-03-02T17:01:05Z"},"id":"<evt>","kind":"enter","location":{"latitude":37.3349,"longitude":-122.00902,"radius":250,"title":"Work"},"reminder":{"id":"<arrive>","priority":0,"title":"At work"},"time":"2026-03-02T17:01:05Z"}

                        """, stderr: Self.summary(), status: 0))
    }

    @Test func readableLinesInTheLocalZoneOrTheOneChosen() throws {
        // The sandbox's zone is America/New_York (UTC−5 on 2 March).
        #expect(
            try run()
                == CLIResult(
                    stdout: """
                        2026-03-02T12:01:00.193-05:00  leave  Leave work  Work (2994 m from centre)
                        2026-03-02T12:01:05-05:00  enter  At work  Work (2 m from centre)

                        """, stderr: "26 fixes admitted, 2 alarms fired; rejected: none; dropped: duplicate 1\n", status: 0))
        #expect(
            try run("--time-zone", "Asia/Kolkata").stdout == """
                2026-03-02T22:31:00.193+05:30  leave  Leave work  Work (2994 m from centre)
                2026-03-02T22:31:05+05:30  enter  At work  Work (2 m from centre)

                """)
        #expect(try run("--time-zone", "UTC").stdout.hasPrefix("2026-03-02T17:01:00.193Z  leave"))
        // JSON stays UTC whatever the zone.
        #expect(try run("--json", "--time-zone", "Asia/Kolkata") == run("--json"))
    }

    @Test(arguments: ["300km/h", "80mph", "25m/s"])
    func maxSpeedDropsTheJump(speed: String) throws {
        #expect(try run("--json", "--max-speed", speed) == CLIResult(stdout: "", stderr: Self.summary(implausible: 1), status: 0))
    }

    @Test func minIntervalDropsTheJumpThatCameTooSoon() throws {
        #expect(try run("--json", "--min-interval", "1s") == CLIResult(stdout: "", stderr: Self.summary(tooFrequent: 1), status: 0))
        #expect(try run("--json", "--min-interval", "200ms") == CLIResult(stdout: "", stderr: Self.summary(tooFrequent: 1), status: 0))
        #expect(try run("--json", "--min-interval", "193ms").stdout.components(separatedBy: "\n").count == 3)
    }

    @Test func simulateTakesTheSameFilters() throws {
        let result = try sandbox.run(
            "simulate", "--from", "Work", "--to", "Home", "--depart", "2026-11-24T01:30:00Z",
            "--interval", "1s", "--min-interval", "5s", "--max-speed", "6km/h", "--json")
        // One fix in five is admitted (the linger's 301 fixes and the walk's); none is too fast at 5 km/h.
        #expect(result.status == 0)
        #expect(result.stderr.contains(#""implausible-speed":0"#))
        #expect(result.stderr.contains(#""too-frequent":"#))
    }

    @Test(arguments: [
        (["--max-speed", "fast"], "error: --max-speed: "),
        (["--max-speed", "0km/h"], "error: --max-speed: "),
        (["--min-interval", "soon"], "error: --min-interval: "),
        (["--time-zone", "Mars/Olympus"], "error: --time-zone: "),
        (["--time-zone", "floating"], "error: --time-zone: 'floating' is not a zone; printed times need one\n"),
    ])
    func badFilterValues(arguments: [String], message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    @Test func aTraceWithoutATimedFixIsAnErrorNamingTheFile() throws {
        let gpx = sandbox.folder.appendingPathComponent("planned.gpx").path
        try """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="37.3349" lon="-122.00902"/><trkpt lat="37.36188" lon="-122.00902"/><trkpt lat="91" lon="0"/>
        </trkseg></trk></gpx>
        """.write(toFile: gpx, atomically: true, encoding: .utf8)
        let message = "error: \(gpx): no usable fix in this GPX file (skipped bad-coordinates: 1, no-time: 2)\n"
        #expect(try sandbox.run("feed", gpx) == CLIResult(stdout: "", stderr: message, status: 65))
        // With other files: the run stops, prints no event and writes nothing, whichever comes first.
        #expect(try sandbox.run("feed", trace, gpx) == CLIResult(stdout: "", stderr: message, status: 65))
        #expect(try sandbox.run("feed", gpx, trace, "--threads", "1") == CLIResult(stdout: "", stderr: message, status: 65))
        #expect(try run().stdout.components(separatedBy: "\n").count == 3)
    }
}
