import Foundation
import TestSupport
import Testing

/// What only a PostgreSQL store has to get right: several processes writing the same rows at once
/// (a working copy that lost the race runs again on fresh rows, so no write is lost), a new
/// database's default list, and what a command cannot do there. The rest of the commands' behaviour
/// is the command suites', run on both engines (`GEOREMIND_TEST_ENGINE=postgres`).
@Suite struct PostgresStoreCommandTests {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox(engine: .postgres)
    }

    /// Eight processes complete one weekly reminder at once: each completion moves it on a week
    /// and leaves a history copy, as eight completions one after another do on SQLite.
    @Test func concurrentCompletionsOfOneRepeatingReminderAllCount() throws {
        let bins = try sandbox.add("Take the bins out", "--due", "2026-11-23T19:00", "--repeat", "weekly")
        let processes = try (0..<8).map { _ in try sandbox.start(["complete", bins]) }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 8))
        let listed = try sandbox.ok("list", "--all", "--sort", "due")
        #expect(listed.components(separatedBy: "Take the bins out ✓").count - 1 == 8, "\(listed)")
        #expect(listed.contains("2027-01-18T19:00:00-05:00  Take the bins out  "), "\(listed)")
    }

    /// Sixteen processes add to one store at once: every reminder lands, each with its own row.
    @Test func concurrentAddsAllLand() throws {
        let processes = try (0..<16).map { n in try sandbox.start(["add", "R\(n)", "--at", "Work"]) }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 16))
        let titles = try sandbox.ok("list", "--json").components(separatedBy: #""title":"R"#).count - 1
        #expect(titles == 16)
    }

    /// `lists` on a new database shows the default list it will keep, and `migrate` may still copy
    /// a store file over it.
    @Test func aNewDatabaseKeepsItsDefaultListAndCanStillBeMigratedInto() throws {
        let first = try sandbox.ok("lists")
        #expect(try sandbox.ok("lists") == first)
        #expect(first.hasSuffix("  Reminders  default\n"))
        let file = try CLISandbox(engine: .sqlite)
        _ = try file.ok("lists", "add", "Errands", "--default")
        _ = try file.add("Buy milk")
        #expect(try file.run("migrate", "--from", file.storePath, "--to", sandbox.storePath).status == 0)
        #expect(try sandbox.ok("list") == file.ok("list"))
        #expect(try sandbox.ok("lists") == file.ok("lists"))
    }

    /// Following would hold one transaction open for as long as the input lasts: refused, while a
    /// dry run follows as on a file.
    @Test func followingRecordsOnlyThroughServe() throws {
        let refused = try sandbox.run("feed", "-", "--follow")
        #expect(refused.status == 64 && refused.stdout.isEmpty)
        #expect(refused.stderr.hasPrefix("error: --follow records into a PostgreSQL store only through `georemind serve`"), "\(refused)")
        let fix = #"{"_type":"location","lat":37.3349,"lon":-122.00902,"tid":"ph","tst":1772470800}"# + "\n"
        #expect(try sandbox.run(["feed", "-", "--follow", "--dry-run"], input: Data(fix.utf8)).status == 0)
    }
}
