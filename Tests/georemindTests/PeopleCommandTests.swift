import Foundation
import Testing

/// Accounts, shared lists, assignment and whom alarms fire for, through the command line on both
/// store engines (docs/people.md): a household of two, Anna and Ben, on one store.
@Suite struct PeopleCommandTests {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox(timeZone: "UTC")
    }

    /// Anna (admin) and Ben, and Anna's list "Household" shared with Ben as `role`.
    func household(role: String = "editor") throws {
        try sandbox.ok("account", "add", "anna", "--admin")
        try sandbox.ok("account", "add", "ben")
        try sandbox.ok("lists", "add", "Household", "--account", "anna")
        try sandbox.ok("lists", "share", "Household", "--with", "ben", "--role", role, "--account", "anna")
    }

    func json(_ id: String, as account: String) throws -> [String: Any] {
        let text = try sandbox.ok("show", id, "--json", "--account", account)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aStoreStartsWithOneAdminAccountThatOwnsEverything() throws {
        #expect(try sandbox.ok("account", "list") == "default  admin\n")
        let id = try sandbox.add("Milk")
        #expect(try sandbox.ok("list", "--json").contains(id))
        #expect(try sandbox.ok("list", "--json", "--account", "default") == sandbox.ok("list", "--json"))
    }

    @Test func onlyAnAdminManagesAccounts() throws {
        try household()
        let refused = try sandbox.run("account", "add", "carl", "--account", "ben")
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: 'ben' is not an admin; act as an admin account with --account NAME\n")
        let keyword = try sandbox.run("account", "add", "anyone")
        #expect(keyword.status == 64)
        #expect(keyword.stderr.hasPrefix("error: 'anyone' cannot name an account"))
        let twice = try sandbox.run("account", "add", "Anna")
        #expect(twice.stderr == "error: an account named 'Anna' already exists; choose another name\n")
        try sandbox.ok("account", "disable", "default", "--account", "anna")
        let last = try sandbox.run("account", "disable", "anna", "--account", "anna")
        #expect(last.stderr == "error: 'anna' is the last admin account; make another account admin first\n")
        #expect(try sandbox.ok("account", "list") == "default  admin, disabled\nanna     admin\nben\n")
        let disabled = try sandbox.run("list", "--account", "default")
        #expect(disabled.status == 1)
        #expect(disabled.stderr == "error: account 'default' is disabled; an admin can enable it with `georemind account enable default`\n")
        try sandbox.ok("account", "enable", "default", "--account", "anna")
        let unknown = try sandbox.run("list", "--account", "zoe")
        #expect(unknown.stderr == "error: no account is named 'zoe'; `georemind account list` shows them\n")
    }

    @Test func eachPersonSeesTheirOwnListsAndTheShared() throws {
        try household()
        #expect(
            try sandbox.ok("lists", "--account", "anna").replacingOccurrences(
                of: #"[0-9a-f]{8}  "#, with: "ID  ", options: .regularExpression)
                == "ID  Reminders (anna)  default\nID  Household         shared with ben (editor)\n")
        #expect(
            try sandbox.ok("lists", "--account", "ben").replacingOccurrences(
                of: #"[0-9a-f]{8}  "#, with: "ID  ", options: .regularExpression)
                == "ID  Reminders (ben)  default\nID  Household        anna's, editor\n")
        // The first account sees what a single user always saw.
        #expect(try sandbox.ok("lists").hasSuffix("  Reminders  default\n"))
    }

    @Test func aViewerReadsAndAnEditorWrites() throws {
        try household(role: "viewer")
        let milk = try sandbox.add("Milk", "--list", "Household", "--account", "anna")
        #expect(try json(milk, as: "ben")["title"] as? String == "Milk")
        let refused = try sandbox.run("add", "Bread", "--list", "Household", "--account", "ben")
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: 'ben' is a viewer of list 'Household' and cannot change its reminders; ask its owner\n")
        for command in [["complete", milk], ["delete", milk], ["edit", milk, "--priority", "high"]] {
            #expect(try sandbox.run(command + ["--account", "ben"]).stderr == refused.stderr, "\(command)")
        }
        #expect(try json(milk, as: "anna")["isCompleted"] as? Bool == false)
        let share = try sandbox.run("lists", "share", "Household", "--with", "default", "--account", "ben")
        #expect(share.stderr == "error: 'ben' is a viewer of list 'Household' and cannot share the list; ask its owner\n")
        try sandbox.ok("lists", "share", "Household", "--with", "ben", "--role", "editor", "--account", "anna")
        try sandbox.ok("complete", milk, "--account", "ben")
        #expect(try json(milk, as: "anna")["isCompleted"] as? Bool == true)
    }

    @Test func anotherAccountsReminderAnswersExactlyAsAMissingOne() throws {
        try household()
        let plumber = try sandbox.add("Call the plumber", "--account", "ben")
        let missing = "00000000-0000-4000-8000-000000000000"
        for command in [["show"], ["edit", "--title", "Hacked"], ["complete"], ["delete"]] {
            let foreign = try sandbox.run([command[0], plumber] + command.dropFirst() + ["--account", "anna"])
            let absent = try sandbox.run([command[0], missing] + command.dropFirst() + ["--account", "anna"])
            #expect(foreign.status == absent.status && foreign.status != 0, "\(command)")
            #expect(foreign.stderr == absent.stderr.replacingOccurrences(of: missing, with: plumber), "\(command)")
        }
        #expect(try !sandbox.ok("list", "--all", "--json", "--account", "anna").contains(plumber))
        #expect(try !sandbox.ok("list", "--all", "--json").contains(plumber))
        let untouched = try json(plumber, as: "ben")
        #expect(untouched["title"] as? String == "Call the plumber")
        #expect(untouched["isCompleted"] as? Bool == false)
        // A list of another account's is as missing too.
        let foreignList = try sandbox.run("add", "x", "--list", "Reminders (ben)", "--account", "anna")
        let absentList = try sandbox.run("add", "x", "--list", "Nowhere", "--account", "anna")
        #expect(foreignList.status == absentList.status)
        #expect(foreignList.stderr == absentList.stderr.replacingOccurrences(of: "Nowhere", with: "Reminders (ben)"))
    }

    @Test func assigneesAndSubjectsAreMembersOfTheList() throws {
        try household()
        try sandbox.ok("account", "add", "carl")
        let milk = try sandbox.add("Milk", "--list", "Household", "--assign", "ben", "--account", "anna")
        #expect(try json(milk, as: "anna")["assignee"] as? String == "ben")
        #expect(try json(milk, as: "anna")["for"] == nil)
        let outsider = try sandbox.run("edit", milk, "--assign", "carl", "--account", "anna")
        #expect(outsider.status == 64)
        #expect(outsider.stderr == "error: --assign: 'carl' is not a member of the reminder's list; share the list with them first\n")
        try sandbox.ok("edit", milk, "--for", "anyone", "--account", "anna")
        #expect(try json(milk, as: "ben")["for"] as? String == "anyone")
        try sandbox.ok("edit", milk, "--for", "me", "--assign", "", "--account", "ben")
        let edited = try json(milk, as: "anna")
        #expect(edited["for"] as? String == "ben")
        #expect(edited["assignee"] == nil)
        // Leaving the list hands the leaver's assignment and alarms back to their defaults.
        try sandbox.ok("edit", milk, "--assign", "ben", "--account", "anna")
        try sandbox.ok("lists", "unshare", "Household", "--with", "ben", "--account", "ben")
        let left = try json(milk, as: "anna")
        #expect(left["assignee"] == nil)
        #expect(left["for"] == nil)
        #expect(try !sandbox.ok("lists", "--account", "ben").contains("Household"))
    }

    /// The household journey: "buy milk" for anyone fires once, for whoever passes the shop
    /// first; Ben's "call the plumber when leaving work" fires only for Ben's phone.
    @Test func alarmsFireForTheirPeopleOnly() throws {
        try household()
        try sandbox.ok("device", "add", "anna-phone", "--id", "anna-phone", "--account", "anna")
        try sandbox.ok("device", "add", "ben-phone", "--id", "ben-phone", "--account", "ben")
        _ = try sandbox.add(
            "buy milk", "--list", "Household", "--latitude", "48.1", "--longitude", "11.5", "--for", "anyone", "--account", "anna")
        _ = try sandbox.add("call the plumber", "--latitude", "48.2", "--longitude", "11.6", "--when", "leaving", "--account", "ben")
        let trace = sandbox.folder.appendingPathComponent("household.csv")
        try """
        time,latitude,longitude,device
        2026-11-28T10:00:00Z,48.2,11.6,anna-phone
        2026-11-28T10:00:00Z,48.09,11.5,ben-phone
        2026-11-28T10:05:00Z,48.21,11.6,anna-phone
        2026-11-28T10:06:00Z,48.1,11.5,ben-phone
        2026-11-28T10:07:00Z,48.1,11.5,anna-phone
        2026-11-28T10:07:00Z,48.2,11.6,ben-phone
        2026-11-28T10:08:00Z,48.21,11.6,ben-phone

        """.write(to: trace, atomically: true, encoding: .utf8)
        let fired = try sandbox.run("feed", trace.path)
        #expect(fired.status == 0)
        #expect(
            fired.stdout == """
                2026-11-28T10:06:00Z  enter  buy milk  48.100000, 11.500000 (0 m from centre)  for ben (ben-phone)
                2026-11-28T10:08:00Z  leave  call the plumber  48.200000, 11.600000 (1112 m from centre)  for ben (ben-phone)

                """)
        // Recorded: the same trace again fires nothing.
        #expect(try sandbox.run("feed", trace.path).stdout == "")
    }

    @Test func aDisabledAccountsDevicesFireNothing() throws {
        try household()
        try sandbox.ok("device", "add", "ben-phone", "--id", "ben-phone", "--account", "ben")
        _ = try sandbox.add(
            "buy milk", "--list", "Household", "--latitude", "48.1", "--longitude", "11.5", "--for", "anyone", "--account", "anna")
        try sandbox.ok("account", "disable", "ben", "--account", "anna")
        let trace = sandbox.folder.appendingPathComponent("ben.csv")
        try "time,latitude,longitude,device\n2026-11-28T10:00:00Z,48.0,11.5,ben-phone\n2026-11-28T10:06:00Z,48.1,11.5,ben-phone\n"
            .write(to: trace, atomically: true, encoding: .utf8)
        #expect(try sandbox.run("feed", trace.path, "--dry-run").stdout == "")
        try sandbox.ok("account", "enable", "ben", "--account", "anna")
        #expect(try sandbox.run("feed", trace.path, "--dry-run").stdout.contains("buy milk"))
    }

    @Test func tokensBelongToTheirAccountAndMayBePinnedToADevice() throws {
        try household()
        try sandbox.ok("device", "add", "ben-phone", "--id", "ben-phone", "--account", "ben")
        try sandbox.ok("token", "create", "ben-ingest", "--device", "ben-phone", "--account", "ben")
        let foreign = try sandbox.run("token", "create", "anna-ingest", "--device", "ben-phone", "--account", "anna")
        #expect(foreign.status == 64)
        #expect(try sandbox.ok("token", "list").contains("ben-ingest\tingest\tben\t"))
    }

    /// Webhooks and channels a person adds are theirs: seen, removed and replayed by them only;
    /// an admin's webhook is the instance's and the others do not see it.
    @Test func eachPersonManagesOnlyTheirOwnWebhooksAndChannels() throws {
        try household()
        let bens = try sandbox.ok("webhook", "add", "https://hooks.example.org/ben", "--account", "ben")
        let number = try #require(bens.split(separator: " ").dropFirst().first.map(String.init))
        try sandbox.ok("webhook", "add", "https://hooks.example.org/instance", "--account", "anna")
        try sandbox.ok("channel", "add", "email", "ben@example.org", "--name", "mail", "--account", "ben")
        try sandbox.ok("channel", "add", "email", "anna@example.org", "--name", "mail", "--account", "anna")
        let benList = try sandbox.ok("webhook", "list", "--account", "ben")
        #expect(benList.contains("hooks.example.org/ben") && !benList.contains("instance"))
        let annaList = try sandbox.ok("webhook", "list", "--account", "anna")
        #expect(annaList.contains("instance") && !annaList.contains("hooks.example.org/ben"))
        #expect(try sandbox.ok("channel", "list", "--account", "ben").contains("ben@example.org"))
        #expect(try !sandbox.ok("channel", "list", "--account", "ben").contains("anna@example.org"))
        // Another's endpoint, by number, answers as a missing one and stays.
        let foreign = try sandbox.run(["webhook", "remove", number, "--account", "anna"])
        let missing = try sandbox.run(["webhook", "remove", "999", "--account", "anna"])
        #expect(foreign.status != 0 && foreign.stderr == missing.stderr.replacingOccurrences(of: "999", with: number))
        #expect(try sandbox.ok("webhook", "list", "--account", "ben").contains("hooks.example.org/ben"))
        // Each removes its own "mail"; the other's stays.
        #expect(try sandbox.ok("channel", "remove", "mail", "--account", "ben") == "removed channel mail\n")
        #expect(try sandbox.ok("channel", "list", "--account", "anna").contains("anna@example.org"))
        #expect(try sandbox.ok("webhook", "remove", number, "--account", "ben").hasPrefix("removed webhook \(number)"))
    }
}
