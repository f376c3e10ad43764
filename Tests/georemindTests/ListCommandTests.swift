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
        #expect(result.stdout.range(of: #"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\n$"#,
                                    options: .regularExpression) != nil)
    }

    @Test func tableInCreationOrder() throws {
        #expect(try list() == """
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
    ])
    func sortingAndFilters(arguments: [String], order: String) throws {
        let output = idsNamed(try sandbox.ok(["list", "--json"] + arguments), names)
        let labels = output.matches(of: /"id":"<(\w)>"/).map { String($0.output.1) }
        #expect(labels.joined(separator: " ") == order)
    }

    @Test func completedAndAll() throws {
        let c = names.first { $0.value == "c" }!.key
        try sandbox.ok("complete", c, "--date", "2026-11-21T10:00:00Z")
        #expect(try list("--completed") == """
            ID        PRIORITY  DUE         TITLE       PLACE  LIST
            c-------  medium    2026-12-01  pay rent ✓  -      Reminders

            """)
        #expect(try list("--all", "--sort", "title").components(separatedBy: "\n").map { $0.prefix(8) }
                == ["ID      ", "e-------", "a-------", "d-------", "b-------", "c-------", ""])
        #expect(!(try list()).contains("c-------"))
        let json = try list("--completed", "--json")
        #expect(json.contains(#""completionDate":"2026-11-21T10:00:00Z""#))
        #expect(json.contains(#""isCompleted":true"#))
    }

    @Test func jsonFieldsOfALocationReminder() throws {
        let output = stampsRedacted(try list("--location", "--priority", "high", "--json"))
            .replacing(/"listID":"[0-9a-f-]+"/, with: #""listID":"<list>""#)
            .replacing(/"id":"[0-9a-f-]{36}","location"/, with: #""id":"<alarm>","location""#)
        #expect(output == """
            [{"alarms":[{"id":"<alarm>","location":{"latitude":37.32364,"longitude":-122.03992,"radius":120,"title":"Grocery Store"},"proximity":"enter","type":"location"}],"creationDate":"<now>","dueDate":"2026-11-23T17:00:00-05:00","id":"<a>","isCompleted":false,"lastModifiedDate":"<now>","list":"Reminders","listID":"<list>","priority":1,"priorityLevel":"high","recurrenceRules":[],"timeZone":"America/New_York","title":"Buy milk"}]

            """)
    }

    @Test func emptyStorePrintsNothing() throws {
        let empty = try CLISandbox()
        #expect(try empty.run("list") == CLIResult(stdout: "", stderr: "", status: 0))
        #expect(try empty.run("list", "--json") == CLIResult(stdout: "[]\n", stderr: "", status: 0))
    }
}
