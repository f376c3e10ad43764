import Foundation
import Testing

/// Every failure is one `error:` line on stderr, a non-zero status, and nothing written.
@Suite struct CLIErrorTests {
    @Test(arguments: [
        (["add"], "Missing expected argument '<title>'"),
        (["add", "  "], "the title is empty; give the reminder a title"),
        (["add", "x", "--bogus"], "Unknown option '--bogus'. Did you mean '--notes'?"),
        (["frobnicate"], "Unexpected argument 'frobnicate'"),
        (["add", "x", "--at", "Nowhere"], "unknown place 'Nowhere'; `georemind places` lists the places"),
        (["add", "x", "--due", "2026-02-30"], "--due: '2026-02-30' has an invalid day"),
        (["add", "x", "--due", "0000-01-01"], "--due: '0000-01-01' has an invalid year"),
        (["add", "x", "--due", "2026-11-23T16:00:00+21:00"], "--due: '2026-11-23T16:00:00+21:00' has an invalid offset"),
        (
            ["add", "x", "--due", "tomorrow"],
            "--due: 'tomorrow' is not a date: use 2026-11-23T16:00:00Z, 2026-11-23T16:00 or 2026-11-23"
        ),
        (["add", "x", "--alarm", "2026-11-23T25:00"], "--alarm: '2026-11-23T25:00' has an invalid hour"),
        (
            ["add", "x", "--at", "Work", "--radius", "3furlongs"],
            "--radius: '3furlongs' has unknown unit 'furlongs'; use m, km, ft, yd or mi"
        ),
        (["add", "x", "--at", "Work", "--radius=-5m"], "--radius: '-5m' is negative; a length must be 0 or more"),
        (
            ["add", "x", "--due", "2026-11-23", "--alarm-before", "5parsecs"],
            "--alarm-before: '5parsecs' has unknown unit 'parsecs'; use s, m, h, d or w"
        ),
        (["add", "x", "--alarm-before", "15m"], "--alarm-before needs a due date; add --due"),
        (
            ["add", "x", "--due", "2026-11-23", "--repeat", "sometimes"],
            "--repeat: unknown repetition 'sometimes': expected daily, weekly, monthly, yearly, weekdays, weekends, every N days|weeks|months|years, every <weekday>, or RRULE text (FREQ=...)"
        ),
        (["add", "x", "--repeat", "daily"], "--repeat needs a due date to count from; add --due"),
        (
            ["add", "x", "--due", "2026-11-23", "--repeat", "every 1000000000 days"],
            "--repeat: INTERVAL=1000000000 is too large: at most 999999999"
        ),
        (
            ["recur", "every 9223372036854775807 weeks", "--start", "2026-01-01"],
            "rule: INTERVAL=9223372036854775807 is too large: at most 999999999"
        ),
        (
            ["add", "x", "--due", "2026-11-23", "--time-zone", "Mars/Olympus"],
            "--time-zone: unknown time zone 'Mars/Olympus': use an IANA name such as Europe/Paris, or 'floating'"
        ),
        (["add", "x", "--priority", "urgent"], "--priority: 'urgent' is not none, low, medium, high or 0-9"),
        (["add", "x", "--latitude", "10"], "--latitude and --longitude go together"),
        (["add", "x", "--latitude", "95", "--longitude", "0"], "--latitude: 95.0 is not within -90...90"),
        (
            ["add", "x", "--at", "Work", "--latitude", "1", "--longitude", "0"],
            "use --at PLACE or --latitude/--longitude, not both"
        ),
        (["add", "x", "--at", "Work", "--when", "later"], "--when: 'later' is not arriving or leaving"),
        (["add", "x", "--radius", "10"], "--radius and --when need a place; add --at PLACE or --latitude/--longitude"),
        (["list", "--completed", "--all"], "use --completed or --all, not both"),
        (["list", "--priority", "4"], "--priority: '4' is not none, low, medium or high"),
        (
            ["list", "--sort", "size"],
            "The value 'size' is invalid for '--sort <sort>'. Please provide one of 'creation', 'due', 'title' or 'priority'."
        ),
        (["recur", "daily"], "Missing expected argument '--start <date>'"),
        (["recur", "daily", "--start", "2026-01-01", "--count", "0"], "--count must be 1 or more"),
        (
            ["recur", "FREQ=SOMETIMES", "--start", "2026-01-01"],
            "rule: unknown FREQ=SOMETIMES: expected DAILY, WEEKLY, MONTHLY or YEARLY"
        ),
        (
            ["recur", "daily", "--start", "2026-01-01T9:00"],
            "--start: '2026-01-01T9:00' is not a date: use 2026-11-23T16:00:00Z, 2026-11-23T16:00 or 2026-11-23"
        ),
        (["lists", "add", "Archive", "--read-only", "--default"], "a read-only list cannot be the default list"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let sandbox = try CLISandbox()
        _ = try sandbox.add("Existing")
        #expect(try sandbox.run(arguments) == CLIResult(stdout: "", stderr: "error: \(message)\n", status: 64))
        #expect(try sandbox.ok("list", "--json").matches(of: /"title"/).count == 1)
    }

    @Test func aFileThatIsNotAStoreIsRefusedAndLeftAlone() throws {
        let sandbox = try CLISandbox()
        let path = sandbox.folder.appendingPathComponent("notes.txt").path
        let text = Data("shopping: milk, eggs\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        for arguments in [["add", "x", "--store", path], ["list", "--store", path]] {
            #expect(
                try sandbox.run(arguments)
                    == CLIResult(
                        stdout: "", stderr: "error: \(path) is not a georemind store; it was left untouched, choose another path\n",
                        status: 1))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
    }

    @Test func storePathComesFromTheOptionThenTheEnvironment() throws {
        let sandbox = try CLISandbox()
        let nested = sandbox.folder.appendingPathComponent("a/b/store.sqlite").path
        _ = try sandbox.ok("add", "In nested", "--store", nested)
        #expect(FileManager.default.fileExists(atPath: nested))
        // Global options may also come before the command.
        #expect(try sandbox.ok("--store", nested, "list", "--json").contains(#""title":"In nested""#))
        #expect(try sandbox.ok("list", "--json") == "[]\n")
        sandbox.environment["GEOREMIND_STORE"] = nil
        sandbox.environment["XDG_DATA_HOME"] = sandbox.folder.appendingPathComponent("xdg").path
        _ = try sandbox.ok("add", "In XDG")
        #expect(FileManager.default.fileExists(atPath: sandbox.folder.appendingPathComponent("xdg/georemind/store.sqlite").path))
        sandbox.environment["XDG_DATA_HOME"] = nil
        _ = try sandbox.ok("add", "In home")
        #expect(
            FileManager.default.fileExists(
                atPath: sandbox.folder.appendingPathComponent(".local/share/georemind/store.sqlite").path))
    }

    @Test func badMapData() throws {
        let sandbox = try CLISandbox()
        let file = sandbox.folder.appendingPathComponent("places.json")
        try Data("{\"name\": 1}".utf8).write(to: file)
        let missing = sandbox.folder.appendingPathComponent("missing.json").path
        let result = try sandbox.run("places", "--map-data", file.path)
        #expect(result.stdout == "")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("error: \(file.path)"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        let unreadable = try sandbox.run("add", "x", "--at", "Work", "--map-data", missing)
        #expect(unreadable.status == 65)
        #expect(unreadable.stderr.hasPrefix("error: cannot read \(missing)") || unreadable.stderr.contains(missing))
        #expect(try sandbox.ok("list", "--json") == "[]\n")
    }

    @Test func helpIsNotAnError() throws {
        let sandbox = try CLISandbox()
        let result = try sandbox.run("--help")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("OVERVIEW: Location-aware reminders"))
    }
}
