import Foundation
import Testing

/// `export` and `import`: iCalendar VTODOs out and in, the round trip field for field.
@Suite struct ExportImportTests {
    let sandbox: CLISandbox
    var names: [String: String] = [:]

    init() throws {
        sandbox = try CLISandbox()
        try sandbox.ok("lists", "add", "Errands")
        names[
            try sandbox.add(
                "Buy milk", "--at", "Grocery Store", "--list", "Errands", "--priority", "high",
                "--due", "2026-11-23T17:00", "--alarm-before", "15m")] = "milk"
        names[try sandbox.add("Leave work", "--at", "Work", "--when", "leaving", "--radius", "300m")] = "work"
        names[try sandbox.add("Bins", "--due", "2026-11-23", "--repeat", "weekly", "--notes", "blue, then green")] = "bins"
        names[
            try sandbox.add(
                "Water plants", "--due", "2026-11-24T08:00", "--time-zone", "floating",
                "--alarm", "2026-11-24T12:00:00Z")] = "plants"
        let done = try sandbox.add("Old task", "--priority", "low")
        names[done] = "done"
        try sandbox.ok("complete", done, "--date", "2026-11-20T10:00:00Z")
    }

    func listing(_ sandbox: CLISandbox) throws -> String {
        stampsRedacted(try sandbox.ok("list", "--all", "--sort", "title", "--json"))
            .replacing(/"listID":"[0-9a-f-]+"/, with: #""listID":"<list>""#)
    }

    @Test func roundTripIntoAFreshStore() throws {
        let file = sandbox.folder.appendingPathComponent("all.ics").path
        #expect(try sandbox.run("export", "--all", "--output", file) == CLIResult(stdout: "", stderr: "", status: 0))
        let fresh = try CLISandbox()
        let result = try fresh.run("import", file)
        #expect(result.status == 0)
        #expect(
            idsNamed(result.stdout, names) == """
                milk----  created  Buy milk
                work----  created  Leave work
                bins----  created  Bins
                plants--  created  Water plants
                done----  created  Old task

                """)
        // Creation dates travel to the second, so `listing` sorts by title to give both stores one order.
        #expect(try listing(fresh) == (try listing(sandbox)))
        #expect(try fresh.ok("lists").contains("Errands"))
        // Importing the same file again duplicates nothing.
        #expect(idsNamed(try fresh.ok("import", file), names).hasPrefix("milk----  unchanged  Buy milk\n"))
        #expect(try fresh.ok("list", "--all", "--json").matches(of: /"isCompleted"/).count == 5)
    }

    @Test func exportToStandardOutput() throws {
        let text = try sandbox.ok("export", "--list", "errands")
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//georemind//georemind//EN\r\n"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(text.components(separatedBy: "BEGIN:VTODO").count - 1 == 1)
        #expect(text.contains("SUMMARY:Buy milk\r\n"))
        #expect(text.contains("TRIGGER;RELATED=END:-PT15M\r\n"))
        #expect(text.contains("PROXIMITY:ARRIVE\r\n"))
        #expect(try sandbox.ok("export", "--output", "-").components(separatedBy: "BEGIN:VTODO").count - 1 == 4)
        #expect(try sandbox.ok("export", "--completed").components(separatedBy: "BEGIN:VTODO").count - 1 == 1)
    }

    @Test func importDryRunAndIntoAList() throws {
        let file = CLISandbox.fixture("ical/thunderbird.ics")
        let fresh = try CLISandbox()
        let dry = try fresh.ok("import", "--dry-run", file)
        #expect(dry.components(separatedBy: "\n").dropLast().allSatisfy { $0.contains("  would be created  ") })
        #expect(try fresh.ok("list", "--all", "--json") == "[]\n")
        try fresh.ok("lists", "add", "Inbox")
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        _ = try fresh.run(["import", "-", "--list", "inbox"], input: data)
        let listed = try fresh.ok("list", "--all")
        #expect(listed.split(separator: "\n").dropFirst().allSatisfy { $0.hasSuffix("Inbox") })
    }

    @Test func errors() throws {
        let bad = sandbox.folder.appendingPathComponent("bad.ics")
        try Data("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nEND:VTODO\n".utf8).write(to: bad)
        #expect(
            try sandbox.run("import", bad.path)
                == CLIResult(
                    stdout: "",
                    stderr: "error: \(bad.path): the file ends inside VCALENDAR (opened at line 1); END:VCALENDAR is missing\n",
                    status: 65))
        #expect(
            try sandbox.run("import", "nope.ics")
                == CLIResult(
                    stdout: "", stderr: "error: cannot read nope.ics: no such file\n", status: 1))
        #expect(
            try sandbox.run("import")
                == CLIResult(
                    stdout: "", stderr: "error: Missing expected argument '<file> ...'\n", status: 64))
        #expect(
            try sandbox.run("export", "--list", "Nope")
                == CLIResult(
                    stdout: "",
                    stderr: "error: no list is named 'Nope'; `georemind lists` shows them, `georemind lists add` creates one\n",
                    status: 64))
        #expect(
            try sandbox.run("export", "--all", "--completed")
                == CLIResult(
                    stdout: "", stderr: "error: use --completed or --all, not both\n", status: 64))
        #expect(try sandbox.ok("list", "--all", "--json").matches(of: /"isCompleted"/).count == 5)
    }
}
