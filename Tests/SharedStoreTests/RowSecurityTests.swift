import Foundation
import GeoReminders
import Logging
import PostgresNIO
import SharedStore
import TestSupport
import Testing

/// PostgreSQL's row-level security stands behind an account's working copy: a role in
/// `georemind_api`, typing its own SQL, reads only the rows of the account its transaction names
/// (none without one) and cannot write beside them; the store's own work sees every row; and the
/// workspace's work for an account really runs behind the policies.
@Suite struct RowSecurityTests {
    @Test func theAPIRoleSeesNoRowOfAnotherAccountEvenWithItsOwnSelect() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let url = try server.createDatabase("store")
        let workspace = try await SharedWorkspace.open(try PostgresAddress(parsing: url))
        let outcome = await Task.detached { Result { try Self.household(in: workspace) } }.value
        await workspace.close()
        let (visible, bensWork) = try outcome.get()
        // Every reminder with the bytes a CalDAV client stored for it: its own id.
        _ = try server.psql(
            "INSERT INTO davClientCopy SELECT number, 'r', 't', convert_to(id, 'UTF8') FROM reminder", database: "store")
        _ = try server.psql("CREATE ROLE probe LOGIN IN ROLE georemind_api", database: "store")
        var address = try PostgresAddress(parsing: url)
        address.user = "probe"
        let probe = try await PostgresConnection.connect(
            configuration: try address.configuration(), id: 7, logger: Logger(label: "probe"))
        do {
            // No account named: nothing at all.
            for table in ["storeInfo", "account", "list", "listMember", "recurrenceSeries", "reminder", "alarm", "davClientCopy"] {
                #expect(
                    try await Self.strings(PostgresQuery(unsafeSQL: "SELECT count(*)::text FROM \(table)"), on: probe) == ["0"], "\(table)")
            }
            for account in ["anna", "ben"] {
                try await probe.query("SELECT set_config('georemind.account', \(account), false)", logger: Self.logger)
                #expect(try await Self.strings("SELECT id FROM reminder ORDER BY id", on: probe) == visible[account])
                #expect(
                    try await Self.strings("SELECT convert_from(bytes, 'UTF8') FROM davClientCopy ORDER BY 1", on: probe)
                        == visible[account])
                let alarms = try await Self.strings("SELECT id FROM alarm ORDER BY id", on: probe)
                #expect(alarms.count == (account == "anna" ? 2 : 1), "\(account): \(alarms)")
            }
            try await probe.query("SELECT set_config('georemind.account', 'anna', false)", logger: Self.logger)
            #expect(
                try await Self.strings("SELECT title FROM list ORDER BY title", on: probe) == ["Reminders", "Reminders (anna)", "Shop"])
            #expect(try await Self.strings("SELECT name FROM account ORDER BY name", on: probe) == ["anna", "ben", "default"])
            #expect(
                try await Self.strings("SELECT key FROM storeInfo WHERE key LIKE 'defaultListID:%'", on: probe) == ["defaultListID:anna"])
            // Writing beside them: nothing matches, and a new row there is refused.
            #expect(try await Self.strings("UPDATE reminder SET title = 'pwned' WHERE listID = \(bensWork) RETURNING id", on: probe) == [])
            #expect(
                try await Self.refusal(
                    """
                    INSERT INTO reminder (id, listID, title, titleKey, priority, priorityLevel, isCompleted, creationDate,
                        lastModifiedDate, isLocationReminder)
                    VALUES ('planted', \(bensWork), 'Planted', 'planted', 0, 'none', false, 0, 0, false)
                    """, on: probe) == "42501")
            // Tables outside the wall are not the role's at all.
            #expect(try await Self.refusal("SELECT hash FROM apiToken", on: probe) == "42501")
        } catch {
            try? await probe.close()
            throw error
        }
        try await probe.close()
        // The store's own work still sees every row, Ben's title untouched.
        #expect(try server.psql("SELECT count(*) FROM reminder WHERE title = 'pwned'", database: "store") == "0\n")
        #expect(try server.psql("SELECT count(*) FROM reminder", database: "store") == "4\n")
    }

    /// Every table an account's copy filters is behind policies it cannot skip (forced, so the
    /// owner too reaches rows only through its own policy), and the role holds nothing else.
    @Test func everyAccountTableIsForcedBehindItsPolicies() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let workspace = try await SharedWorkspace.open(try PostgresAddress(parsing: try server.createDatabase("store")))
        await workspace.close()
        let accountTables = StoreCatalogue.tables.filter { $0.accountRows != nil }.map { $0.name.lowercased() }
        #expect(accountTables.count == 8)
        let secured = try server.psql(
            "SELECT relname FROM pg_class WHERE relrowsecurity AND relforcerowsecurity AND relkind = 'r' ORDER BY relname",
            database: "store")
        #expect(secured.split(separator: "\n").map(String.init) == accountTables.sorted())
        let granted = try server.psql(
            """
            SELECT DISTINCT table_name FROM information_schema.role_table_grants
            WHERE grantee = 'georemind_api' ORDER BY table_name
            """, database: "store")
        #expect(granted.split(separator: "\n").map(String.init) == accountTables.sorted())
    }

    /// The workspace's work for an account runs behind the policies: with the policies on reminders
    /// and alarms made to show nothing, Anna's copy holds no reminder, while the whole store's work
    /// sees all four.
    @Test func anAccountsWorkRunsBehindThePolicies() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let workspace = try await SharedWorkspace.open(try PostgresAddress(parsing: try server.createDatabase("store")))
        let outcome = await Task.detached {
            Result {
                _ = try Self.household(in: workspace)
                let before = try workspace.reading(.reminders, .seenBy(account: "anna")) { try $0.reminders().count }
                for table in ["reminder", "alarm"] {
                    _ = try server.psql("ALTER POLICY account_rows ON \(table) USING (false)", database: "store")
                }
                let after = try workspace.reading(.reminders, .seenBy(account: "anna")) { try $0.reminders().count }
                let whole = try workspace.reading(.reminders) { try $0.reminders().count }
                return (before, after, whole)
            }
        }.value
        await workspace.close()
        let (before, after, whole) = try outcome.get()
        #expect(before == 2)
        #expect(after == 0)
        #expect(whole == 4)
    }

    private static let logger = Logger(label: "row-security-tests")

    /// Anna's Shop list shared with Ben, Ben's Work list, and Carl's own reminder: the reminder ids
    /// each of Anna and Ben sees (by the whole store's rule), and Ben's Work list's id.
    private static func household(in workspace: SharedWorkspace) throws -> ([String: [String]], String) {
        let when = Date(timeIntervalSinceReferenceDate: 815_000_000)
        let work = try workspace.writing(.reminders) { store in
            for name in ["anna", "ben", "carl"] { try store.addAccount(name: name) }
            let shop = try store.save(ReminderList(title: "Shop"), owner: "anna")
            try store.share(listID: shop.id, with: "ben", role: .editor, by: "anna")
            let work = try store.save(ReminderList(title: "Work"), owner: "ben")
            _ = try store.save(Reminder(listID: shop.id, title: "Buy milk", alarms: [.absolute(when)]))
            _ = try store.save(Reminder(listID: try store.defaultListID(of: "anna"), title: "Bread", alarms: [.absolute(when)]))
            _ = try store.save(Reminder(listID: work.id, title: "Call the plumber"))
            _ = try store.save(Reminder(listID: try store.defaultListID(of: "carl"), title: "Carl's secret"))
            return work.id
        }
        let visible = try workspace.reading(.reminders) { store in
            try Dictionary(uniqueKeysWithValues: ["anna", "ben"].map { ($0, try store.reminderIDs(visibleTo: $0).sorted()) })
        }
        return (visible, work)
    }

    /// The SQLSTATE PostgreSQL refused `query` with (42501: insufficient privilege, which a row
    /// outside a policy's check is too); nil if it ran.
    private static func refusal(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> String? {
        do {
            try await connection.query(query, logger: logger)
            return nil
        } catch let error as PSQLError {
            return error.serverInfo?[.sqlState]
        }
    }

    private static func strings(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> [String] {
        var values: [String] = []
        for try await value in try await connection.query(query, logger: logger).decode(String.self) { values.append(value) }
        return values
    }
}
