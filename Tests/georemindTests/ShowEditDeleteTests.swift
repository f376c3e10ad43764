import Foundation
import Testing

/// `show`, `edit` and `delete`, with identifiers abbreviated as git abbreviates commits.
@Suite struct ShowEditDeleteTests {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    @Test func showPrintsEveryField() throws {
        let id = try sandbox.add(
            "Leave work", "--at", "Work", "--when", "leaving", "--radius", "0.1 mi",
            "--priority", "high", "--notes", "take the laptop",
            "--due", "2026-11-23T17:30", "--alarm-before", "1h30m",
            "--alarm", "2026-11-23T12:00:00Z", "--repeat", "weekdays")
        let output = try sandbox.ok("show", String(id.prefix(6)))
        #expect(
            idsNamed(output, [id: "a"])
                .replacing(/(created|modified):  .*/, with: { "\($0.output.1): <now>" }) == """
                    id:        <a>
                    title:     Leave work
                    list:      Reminders
                    priority:  high (1)
                    notes:     take the laptop
                    due:       2026-11-23T17:30:00-05:00 (America/New_York)
                    repeats:   FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR
                    alarm:     at 2026-11-23T12:00:00Z
                    alarm:     1h30m before due
                    alarm:     leaving Work (37.334900, -122.009020, radius 160.934 m)
                    created: <now>
                    modified: <now>

                    """)
    }

    @Test func showJSON() throws {
        let id = try sandbox.add(
            "Water plants", "--due", "2026-11-23", "--time-zone", "floating",
            "--repeat", "every! 3 days")
        let output = stampsRedacted(try sandbox.ok("show", id, "--json"))
            .replacing(/"listID":"[0-9a-f-]+"/, with: #""listID":"<list>""#)
        #expect(
            idsNamed(output, [id: "a"]) == """
                {"alarms":[],"creationDate":"<now>","dueDate":"2026-11-23","id":"<a>","isCompleted":false,"lastModifiedDate":"<now>","list":"Reminders","listID":"<list>","priority":0,"priorityLevel":"none","recurrenceRules":[{"fromCompletion":true,"rrule":"FREQ=DAILY;INTERVAL=3"}],"title":"Water plants"}

                """)
    }

    @Test func editReplacesOnlyTheOptionsGiven() throws {
        let id = try sandbox.add("Buy milk", "--at", "Grocery Store", "--priority", "low", "--due", "2026-11-23T09:00")
        try sandbox.ok("edit", String(id.prefix(8)), "--title", "Buy oat milk", "--when", "leaving", "--radius", "50")
        let output = try sandbox.ok("list")
        #expect(
            idsNamed(output, [id: "a"]) == """
                ID        PRIORITY  DUE                        TITLE         PLACE                    LIST
                a-------  low       2026-11-23T09:00:00-05:00  Buy oat milk  Grocery Store (leaving)  Reminders

                """)
        try sandbox.ok("edit", id, "--at", "Home", "--priority", "none", "--due", "2026-11-24")
        #expect(
            idsNamed(try sandbox.ok("list"), [id: "a"]) == """
                ID        PRIORITY  DUE         TITLE         PLACE            LIST
                a-------  -         2026-11-24  Buy oat milk  Home (arriving)  Reminders

                """)
    }

    @Test func coordinatesWestAndSouth() throws {
        let id = try sandbox.add("Bench", "--latitude", "-33.8568", "--longitude", "-151.2153", "--radius", "20")
        #expect(
            idsNamed(try sandbox.ok("show", id), [id: "a"])
                .replacing(/(created|modified):  .*/, with: { "\($0.output.1): <now>" }) == """
                    id:        <a>
                    title:     Bench
                    list:      Reminders
                    alarm:     arriving at -33.856800, -151.215300 (-33.856800, -151.215300, radius 20 m)
                    created: <now>
                    modified: <now>

                    """)
    }

    @Test func editMovesToAnotherList() throws {
        let id = try sandbox.add("Passport")
        try sandbox.ok("lists", "add", "Travel")
        try sandbox.ok("edit", id, "--list", "travel")
        #expect(try sandbox.ok("list").hasSuffix("Passport  -      Travel\n"))
    }

    @Test func deleteByPrefix() throws {
        let first = try sandbox.add("One")
        let second = try sandbox.add("Two")
        #expect(try sandbox.run("delete", String(first.prefix(7))) == CLIResult(stdout: "", stderr: "", status: 0))
        let output = try sandbox.ok("list")
        #expect(
            idsNamed(output, [second: "b"]) == """
                ID        PRIORITY  DUE  TITLE  PLACE  LIST
                b-------  -         -    Two    -      Reminders

                """)
    }

    @Test func ambiguousPrefixIsRefused() throws {
        // Sixteen reminders: two of them share their first hex digit.
        var ids: [String] = []
        for index in 0..<17 { ids.append(try sandbox.add("R\(index)")) }
        let groups = Dictionary(grouping: ids) { $0.prefix(1) }
        let (digit, shared) = groups.first { $0.value.count > 1 }!
        let result = try sandbox.run("delete", String(digit))
        let matches = shared.sorted().prefix(5).joined(separator: ", ")
        #expect(
            result
                == CLIResult(
                    stdout: "",
                    stderr: "error: '\(digit)' is the start of several identifiers (\(matches)); type more of it\n",
                    status: 1))
        #expect(try sandbox.ok("list", "--json").matches(of: /"title"/).count == 17)
    }

    @Test func unknownIdentifier() throws {
        _ = try sandbox.add("One")
        for command in ["show", "edit", "delete", "complete"] {
            #expect(
                try sandbox.run(command, "zz")
                    == CLIResult(
                        stdout: "", stderr: "error: no reminder identifier starts with 'zz'\n", status: 1))
        }
    }
}
