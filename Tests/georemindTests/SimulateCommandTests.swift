import Foundation
import Testing

/// `simulate`: a seeded trip Work → Grocery Store → Home through the alarms, without writing.
@Suite struct SimulateCommandTests {
    let sandbox: CLISandbox
    var names: [String: String] = [:]
    static let trip = [
        "simulate", "--from", "Work", "--via", "Grocery Store", "--to", "Home",
        "--depart", "2026-11-24T01:30:00Z", "--speed", "25km/h", "--interval", "15s",
        "--noise", "5m", "--seed", "7",
    ]

    init() throws {
        sandbox = try CLISandbox()
        names[try sandbox.add("Leave work", "--at", "Work", "--when", "leaving", "--priority", "high")] = "work"
        names[try sandbox.add("Buy milk", "--at", "Grocery Store")] = "milk"
        names[try sandbox.add("Home", "--at", "home")] = "home"
        names[try sandbox.add("Call mum", "--alarm", "2026-11-24T01:45:00Z")] = "mum"
    }

    @Test func seededTripAsJSON() throws {
        let result = try sandbox.run(Self.trip + ["--json"])
        #expect(
            idsNamed(result.stdout, names) == """
                {"distance":316.3,"fix":{"latitude":37.33375752203831,"longitude":-122.0122895755961,"time":"2026-11-24T01:30:45Z"},"id":"<evt>","kind":"leave","location":{"latitude":37.3349,"longitude":-122.00902,"radius":250,"title":"Work"},"reminder":{"id":"<work>","priority":1,"title":"Leave work"},"time":"2026-11-24T01:30:45Z"}
                {"distance":93,"fix":{"latitude":37.3240055720001,"longitude":-122.03897596268234,"time":"2026-11-24T01:37:00Z"},"id":"<evt>","kind":"enter","location":{"latitude":37.32364,"longitude":-122.03992,"radius":120,"title":"Grocery Store"},"reminder":{"id":"<milk>","priority":0,"title":"Buy milk"},"time":"2026-11-24T01:37:00Z"}
                {"id":"<evt>","kind":"time","reminder":{"id":"<mum>","priority":0,"title":"Call mum"},"time":"2026-11-24T01:45:00Z"}
                {"distance":17,"fix":{"latitude":37.36867690187592,"longitude":-122.03636217634215,"time":"2026-11-24T01:49:15Z"},"id":"<evt>","kind":"enter","location":{"latitude":37.36883,"longitude":-122.03635,"radius":75,"title":"Home"},"reminder":{"id":"<home>","priority":0,"title":"Home"},"time":"2026-11-24T01:49:15Z"}

                """)
        #expect(
            result.stderr
                == #"{"admitted":99,"dropped":{"duplicate":0,"implausible-speed":0,"low-accuracy":0,"out-of-order":0,"too-frequent":0},"rejected":{"bad-coordinates":0,"bad-time":0,"no-time":0}}"#
                + "\n")
        #expect(result.status == 0)
        // A simulation writes nothing: the same trip fires the same alarms again.
        #expect(idsNamed(try sandbox.run(Self.trip + ["--json"]).stdout, names) == idsNamed(result.stdout, names))
    }

    @Test func readableLinesAndTheTraceFile() throws {
        let gpx = sandbox.folder.appendingPathComponent("trip.gpx").path
        let result = try sandbox.run(Self.trip + ["--write-trace", gpx])
        #expect(
            result
                == CLIResult(
                    stdout: """
                        2026-11-23T20:30:45-05:00  leave  Leave work  Work (316 m from centre)
                        2026-11-23T20:37:00-05:00  enter  Buy milk  Grocery Store (93 m from centre)
                        2026-11-23T20:45:00-05:00  time   Call mum
                        2026-11-23T20:49:15-05:00  enter  Home  Home (17 m from centre)

                        """, stderr: "99 fixes admitted, 4 alarms fired; rejected: none; dropped: none\n", status: 0))
        let trace = try String(contentsOfFile: gpx, encoding: .utf8)
        #expect(trace.components(separatedBy: "<trkpt ").count - 1 == 99)
        // The written trace fed back (dry run) fires the same alarms.
        #expect(try sandbox.run("feed", gpx, "--dry-run").stdout == result.stdout)
    }

    @Test func routeFromAGPXFile() throws {
        let gpx = sandbox.folder.appendingPathComponent("trip.gpx").path
        #expect(try sandbox.run(Self.trip + ["--write-trace", gpx]).status == 0)
        let result = try sandbox.run(
            "simulate", "--route", gpx, "--depart", "2026-11-24T02:00:00Z",
            "--speed", "50km/h", "--interval", "10s", "--linger", "0s")
        // The noisy trace, timed again at 50 km/h; its points wiggle, so the trip is a little longer.
        #expect(
            result
                == CLIResult(
                    stdout: """
                        2026-11-23T21:00:40-05:00  leave  Leave work  Work (333 m from centre)
                        2026-11-23T21:03:50-05:00  enter  Buy milk  Grocery Store (49 m from centre)
                        2026-11-23T21:09:50-05:00  enter  Home  Home (54 m from centre)

                        """, stderr: "61 fixes admitted, 3 alarms fired; rejected: none; dropped: none\n", status: 0))
    }

    @Test(arguments: [
        (["simulate", "--from", "Work"], "name the trip with --from PLACE --to PLACE, or --route FILE.gpx", Int32(64)),
        (["simulate", "--from", "Work", "--to", "Nowhere"], "unknown place 'Nowhere'; `georemind places` lists the places", 64),
        (
            ["simulate", "--from", "Work", "--to", "Home", "--speed", "0kmh"],
            "--speed: '0kmh' is not more than 0; a speed must be positive", 64
        ),
        (
            ["simulate", "--from", "Work", "--to", "Home", "--speed", "fast"],
            "--speed: 'fast' is not a speed; write a number and a unit, e.g. 5km/h, 30mph, 1.4m/s, 3 kn", 64
        ),
        (
            ["simulate", "--from", "Work", "--to", "Home", "--interval", "0s"],
            "fix interval 0.0 s must be a finite number of seconds greater than 0", 64
        ),
        (
            ["simulate", "--from", "Work", "--to", "Home", "--linger", "soon"],
            "--linger: 'soon' is not a duration; write a number and a unit, e.g. 15m, 2h, 1d, 1h30m", 64
        ),
        (
            ["simulate", "--from", "Work", "--to", "Home", "--depart", "at five"],
            "--depart: 'at five' is not a date: use 2026-11-23T16:00:00Z, 2026-11-23T16:00 or 2026-11-23", 64
        ),
        (["simulate", "--route", "r.gpx", "--from", "Work"], "use --route FILE.gpx or --from/--via/--to, not both", 64),
    ])
    func errors(arguments: [String], message: String, status: Int32) throws {
        #expect(try sandbox.run(arguments) == CLIResult(stdout: "", stderr: "error: \(message)\n", status: status))
    }
}
