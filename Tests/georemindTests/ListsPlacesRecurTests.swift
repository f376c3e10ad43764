import Foundation
import Testing

/// `lists`, `lists add`, `places` and `recur`.
@Suite struct ListsPlacesRecurTests {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    @Test func listsAndListsAdd() throws {
        let reminders = String(try sandbox.ok("lists").prefix(8))
        #expect(try sandbox.ok("lists") == "\(reminders)  Reminders  default\n")
        let work = try sandbox.ok("lists", "add", "Work").trimmingCharacters(in: .newlines)
        let archive = try sandbox.ok("lists", "add", "Archive", "--read-only").trimmingCharacters(in: .newlines)
        let home = try sandbox.ok("lists", "add", "Home", "--default").trimmingCharacters(in: .newlines)
        let output = try sandbox.ok("lists")
        #expect(
            idsNamed(output, [work: "w", archive: "a", home: "h"]).replacingOccurrences(of: reminders, with: "r-------") == """
                h-------  Home       default
                r-------  Reminders
                w-------  Work
                a-------  Archive    read-only

                """)
        let id = try sandbox.add("Mow the lawn")
        #expect(try sandbox.ok("list").hasSuffix("Mow the lawn  -      Home\n"))
        #expect(
            try sandbox.run("add", "x", "--list", "archive")
                == CLIResult(
                    stdout: "", stderr: "error: list 'Archive' (\(archive)) is read-only; choose a list that allows changes\n",
                    status: 1))
        #expect(
            try sandbox.run("lists", "add", "work")
                == CLIResult(
                    stdout: "", stderr: "error: a list named 'work' already exists\n", status: 64))
        #expect(
            try sandbox.run("add", "x", "--list", "Nope")
                == CLIResult(
                    stdout: "", stderr: "error: no list is named 'Nope'; `georemind lists` shows them, `georemind lists add` creates one\n",
                    status: 64))
        _ = id
    }

    @Test func places() throws {
        #expect(
            try sandbox.run("places")
                == CLIResult(
                    stdout: """
                        NAME              LATITUDE   LONGITUDE    RADIUS
                        Work              37.334900  -122.009020  250 m
                        Home              37.368830  -122.036350  75 m
                        Grocery Store     37.323640  -122.039920  120 m
                        Coffee Shop       37.356720  -122.027940  -
                        Caltrain Station  37.378427  -122.030742  150 m
                        Gym               37.352410  -122.013120  100 m
                        Pharmacy          37.336710  -122.034930  60 m

                        """, stderr: "", status: 0))
    }

    @Test func placesFromAnotherFile() throws {
        let file = sandbox.folder.appendingPathComponent("places.json")
        try Data(#"[{"name": "Lighthouse", "coordinates": {"latitude": 48.5, "longitude": -4.75}}]"#.utf8).write(to: file)
        #expect(
            try sandbox.ok("places", "--map-data", file.path) == """
                NAME        LATITUDE   LONGITUDE  RADIUS
                Lighthouse  48.500000  -4.750000  -

                """)
        sandbox.environment["GEOREMIND_MAP_DATA"] = file.path
        #expect(try sandbox.ok("add", "Look out", "--at", "lighthouse").count == 37)
        #expect(try sandbox.ok("list").contains("Look out  Lighthouse (arriving)  Reminders"))
    }

    @Test(arguments: [
        (
            ["FREQ=WEEKLY;BYDAY=MO,WE", "--start", "2026-03-02T09:00", "--count", "4"],
            "2026-03-02T09:00:00-05:00\n2026-03-04T09:00:00-05:00\n2026-03-09T09:00:00-04:00\n2026-03-11T09:00:00-04:00\n"
        ),
        (["monthly", "--start", "2026-01-31", "--count", "3"], "2026-01-31\n2026-03-31\n2026-05-31\n"),
        (
            ["every 2 weeks", "--start", "2026-03-02T09:00", "--time-zone", "floating", "--count", "2"],
            "2026-03-02T09:00:00\n2026-03-16T09:00:00\n"
        ),
        (
            ["daily", "--start", "2026-03-28T02:30", "--time-zone", "Europe/Paris", "--until", "2026-03-30"],
            "2026-03-28T02:30:00+01:00\n2026-03-29T03:30:00+02:00\n2026-03-30T02:30:00+02:00\n"
        ),
        (
            ["FREQ=YEARLY;COUNT=2", "--start", "2026-07-04T12:00:00Z", "--time-zone", "UTC"],
            "2026-07-04T12:00:00Z\n2027-07-04T12:00:00Z\n"
        ),
    ])
    func recur(arguments: [String], expected: String) throws {
        #expect(try sandbox.run(["recur"] + arguments) == CLIResult(stdout: expected, stderr: "", status: 0))
    }

    @Test func recurDefaultsToTenOccurrences() throws {
        let lines = try sandbox.ok("recur", "weekdays", "--start", "2026-11-23").split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.last == "2026-12-04")
    }
}
