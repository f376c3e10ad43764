import Foundation
import Testing

/// `complete`: plain completion, and regeneration of a repeating reminder.
@Suite struct CompleteCommandTests {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    @Test func plainCompletionPrintsNothing() throws {
        let id = try sandbox.add("Post the letter", "--due", "2026-11-23")
        #expect(
            try sandbox.run("complete", String(id.prefix(5)), "--date", "2026-11-23T10:00:00Z")
                == CLIResult(stdout: "", stderr: "", status: 0))
        #expect(try sandbox.ok("list") == "")
        #expect(try sandbox.ok("list", "--completed", "--json").contains(#""completionDate":"2026-11-23T10:00:00Z""#))
        #expect(
            try sandbox.run("complete", id)
                == CLIResult(
                    stdout: "", stderr: "note: 'Post the letter' was already completed\n", status: 0))
    }

    @Test func repeatingReminderAdvancesAndKeepsAHistoryCopy() throws {
        let id = try sandbox.add(
            "Take the bins out", "--due", "2026-11-23T19:00", "--repeat", "every monday",
            "--priority", "low")
        let result = try sandbox.run("complete", id, "--date", "2026-11-23T19:05")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first == "next due: 2026-11-30T19:00:00-05:00")
        let copy = String(lines.last?.dropFirst("history copy: ".count) ?? "")
        #expect(copy.count == 36 && copy != id)
        #expect(
            idsNamed(try sandbox.ok("list", "--all", "--sort", "due"), [id: "live", copy: "copy"]) == """
                ID        PRIORITY  DUE                        TITLE                PLACE  LIST
                copy----  low       2026-11-23T19:00:00-05:00  Take the bins out ✓  -      Reminders
                live----  low       2026-11-30T19:00:00-05:00  Take the bins out    -      Reminders

                """)
        let history = try sandbox.ok("show", copy, "--json")
        #expect(history.contains(#""completionDate":"2026-11-24T00:05:00Z""#))
        #expect(history.contains(#""seriesID":"\#(id)""#))
        // A second completion moves on one more week.
        let next = try sandbox.ok("complete", id, "--date", "2026-11-30T20:00")
        #expect(next.hasPrefix("next due: 2026-12-07T19:00:00-05:00\nhistory copy: "))
    }

    @Test func seriesThatEndsIsCompleted() throws {
        let id = try sandbox.add("Course", "--due", "2026-11-23", "--repeat", "FREQ=DAILY;COUNT=2")
        #expect(try sandbox.ok("complete", id, "--date", "2026-11-23T12:00").hasPrefix("next due: 2026-11-24\n"))
        #expect(try sandbox.run("complete", id, "--date", "2026-11-24T12:00") == CLIResult(stdout: "", stderr: "", status: 0))
        #expect(try sandbox.ok("list") == "")
        #expect(try sandbox.ok("list", "--completed", "--json").matches(of: /"title":"Course"/).count == 2)
    }

    @Test func badDate() throws {
        let id = try sandbox.add("x")
        #expect(
            try sandbox.run("complete", id, "--date", "yesterday")
                == CLIResult(
                    stdout: "",
                    stderr: "error: --date: 'yesterday' is not a date: use 2026-11-23T16:00:00Z, 2026-11-23T16:00 or 2026-11-23\n",
                    status: 64))
    }
}
