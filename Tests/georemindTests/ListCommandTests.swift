import Foundation
import Testing

/// `add` then `list`: the table, JSON, sorting and filters, against the built binary.
@Suite struct ListCommandTests {
    let sandbox: CLISandbox
    var names: [String: String] = [:]

    init() throws {
        sandbox = try CLISandbox()
        names[try sandbox.add("Buy milk", "--at", "Grocery Store", "--priority", "high", "--due", "2026-11-23T17:00")] = "a"
        names[try sandbox.add("Leave work", "--at", "Work", "--when", "leaving")] = "b"
        names[try sandbox.add("pay rent", "--due", "2026-12-01", "--priority", "medium")] = "c"
        names[try sandbox.add("Call Ana", "--due", "2026-11-20T09:00:00Z", "--priority", "low")] = "d"
        names[try sandbox.add("Água", "--priority", "3")] = "e"
    }

    func list(_ arguments: String...) throws -> String {
        idsNamed(try sandbox.ok(["list"] + arguments), names)
    }

    @Test func addPrintsTheIdentifierAlone() throws {
        let result = try sandbox.run("add", "Plain")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout.range(
                of: #"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\n$"#,
                options: .regularExpression) != nil)
    }

    @Test func tableInCreationOrder() throws {
        #expect(
            try list() == """
                ID        PRIORITY  DUE                        TITLE       PLACE                     LIST
                a-------  high      2026-11-23T17:00:00-05:00  Buy milk    Grocery Store (arriving)  Reminders
                b-------  -         -                          Leave work  Work (leaving)            Reminders
                c-------  medium    2026-12-01                 pay rent    -                         Reminders
                d-------  low       2026-11-20T04:00:00-05:00  Call Ana    -                         Reminders
                e-------  high      -                          Água        -                         Reminders

                """)
    }

    @Test(arguments: [
        (["--sort", "due"], "d a c b e"),
        (["--sort", "due", "--descending"], "c a d e b"),
        (["--sort", "title"], "e a d b c"),
        (["--sort", "title", "--descending"], "c b d a e"),
        (["--sort", "creation", "--descending"], "e d c b a"),
        (["--priority", "high"], "a e"),
        (["--priority", "low"], "d"),
        (["--priority", "none"], "b"),
        (["--location"], "a b"),
        (["--location", "--priority", "high", "--sort", "due"], "a"),
        // High (a is 1, e is 3), medium, low, none.
        (["--sort", "priority"], "a e c d b"),
        (["--sort", "priority", "--descending"], "b d c e a"),
        (["--min-priority", "high"], "a e"),
        (["--min-priority", "medium", "--sort", "priority"], "a e c"),
        (["--min-priority", "low"], "a c d e"),
        (["--search", "AGUA"], "e"),
        (["--search", "a", "--sort", "priority"], "e c d b"),  // not "Buy milk"
        (["--search", "rent"], "c"),
        (["--list", "Reminders", "--list", "reminders"], "a b c d e"),
        // A bare date is midnight in the store's zone (New York here); the range is half-open.
        (["--due-after", "2026-11-21", "--sort", "priority"], "a c"),
        (["--due-after", "2026-11-23T17:00", "--due-before", "2026-12-01"], "a"),
        (["--due-before", "2026-11-20T09:00:00Z"], ""),
        (["--due-before", "2026-11-20T04:00:01"], "d"),
    ])
    func sortingAndFilters(arguments: [String], order: String) throws {
        let output = idsNamed(try sandbox.ok(["list", "--json"] + arguments), names)
        let labels = output.matches(of: /"id":"<(\w)>"/).map { String($0.output.1) }
        #expect(labels.joined(separator: " ") == order)
    }

    @Test func completedAndAll() throws {
        let c = names.first { $0.value == "c" }!.key
        try sandbox.ok("complete", c, "--date", "2026-11-21T10:00:00Z")
        #expect(
            try list("--completed") == """
                ID        PRIORITY  DUE         TITLE       PLACE  LIST
                c-------  medium    2026-12-01  pay rent ✓  -      Reminders

                """)
        #expect(
            try list("--all", "--sort", "title").components(separatedBy: "\n").map { $0.prefix(8) }
                == ["ID      ", "e-------", "a-------", "d-------", "b-------", "c-------", ""])
        #expect(!(try list()).contains("c-------"))
        let json = try list("--completed", "--json")
        #expect(json.contains(#""completionDate":"2026-11-21T10:00:00Z""#))
        #expect(json.contains(#""isCompleted":true"#))
    }

    @Test func listsAndCompletionDates() throws {
        try sandbox.ok("lists", "add", "Work")
        var names = names
        names[try sandbox.add("Standup", "--list", "work", "--priority", "medium")] = "f"
        let c = names.first { $0.value == "c" }!.key
        try sandbox.ok("complete", c, "--date", "2026-11-21T10:00:00Z")
        #expect(
            idsNamed(try sandbox.ok("list", "--list", "Work"), names) == """
                ID        PRIORITY  DUE  TITLE    PLACE  LIST
                f-------  medium    -    Standup  -      Work

                """)
        func labels(_ arguments: String...) throws -> String {
            idsNamed(try sandbox.ok(["list", "--json"] + arguments), names)
                .matches(of: /"id":"<(\w)>"/).map { String($0.output.1) }.joined(separator: " ")
        }
        #expect(try labels("--list", "Work", "--list", "Reminders", "--sort", "priority") == "a e f d b")
        #expect(try labels("--completed-after", "2026-11-21T10:00:00Z") == "c")
        #expect(try labels("--completed-after", "2026-11-21T10:00:01Z") == "")
        #expect(try labels("--completed-before", "2026-11-21T10:00:00Z") == "")
        #expect(try labels("--completed-after", "2026-11-21", "--completed-before", "2026-11-22") == "c")
        #expect(try labels("--due-after", "2026-11-01") == "a d")
    }

    @Test(arguments: [
        (["--list", "Nowhere"], "error: no list is named 'Nowhere'; `georemind lists` shows them, `georemind lists add` creates one\n"),
        (["--due-after", "tomorrow"], "error: --due-after: "),
        (
            ["--due-after", "2026-12-01", "--due-before", "2026-11-01"],
            "error: --due-before: '2026-11-01' is not after --due-after '2026-12-01'\n"
        ),
        (
            ["--due-after", "2026-12-01", "--completed-before", "2026-11-01"],
            "error: --due-after/--due-before select incomplete reminders, --completed-after/--completed-before completed ones; use one pair\n"
        ),
        (["--due-after", "2026-12-01", "--all"], "error: --due-after/--due-before select incomplete reminders; drop --completed/--all\n"),
        (["--min-priority", "urgent"], "error: --min-priority: 'urgent' is not none, low, medium or high\n"),
    ])
    func badFilters(arguments: [String], message: String) throws {
        let result = try sandbox.run(["list"] + arguments)
        #expect(result.status != 0)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    @Test func jsonFieldsOfALocationReminder() throws {
        let output = stampsRedacted(try list("--location", "--priority", "high", "--json"))
            .replacing(/"listID":"[0-9a-f-]+"/, with: #""listID":"<list>""#)
            .replacing(/"id":"[0-9a-f-]{36}","location"/, with: #""id":"<alarm>","location""#)
        #expect(
            output == """
                [{"alarms":[{"id":"<alarm>","location":{"latitude":37.32364,"longitude":-122.03992,"radius":120,"title":"Grocery Store"},"proximity":"enter","type":"location"}],"creationDate":"<now>","dueDate":"2026-11-23T17:00:00-05:00","id":"<a>","isCompleted":false,"lastModifiedDate":"<now>","list":"Reminders","listID":"<list>","priority":1,"priorityLevel":"high","recurrenceRules":[],"timeZone":"America/New_York","title":"Buy milk"}]

                """)
    }

    @Test func emptyStorePrintsNothing() throws {
        let empty = try CLISandbox()
        #expect(try empty.run("list") == CLIResult(stdout: "", stderr: "", status: 0))
        #expect(try empty.run("list", "--json") == CLIResult(stdout: "[]\n", stderr: "", status: 0))
    }
}
