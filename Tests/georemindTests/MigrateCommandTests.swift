import Foundation
import TestSupport
import Testing

/// `georemind migrate` against a real PostgreSQL (initdb in a temporary folder, unix socket):
/// every table and value arrives, the counters move past the copied keys, and a failed or
/// repeated copy leaves the target as it was.
@Suite(.serialized, .enabled(if: CLISandbox.usesStoreFile, "copies from a store file")) struct MigrateCommandTests {
    /// A store with something in every table: lists, a repeating series, location and timed
    /// alarms fired by a trace (outbox, engine state), a token, a device, a webhook with deliveries.
    static func seededSandbox() throws -> CLISandbox {
        let sandbox = try CLISandbox()
        try sandbox.ok("lists", "add", "Errands")
        _ = try sandbox.add("Leave work", "--at", "Work", "--when", "leaving", "--priority", "high")
        _ = try sandbox.add("Buy milk", "--at", "Grocery Store", "--list", "Errands", "--radius", "0.1mi")
        _ = try sandbox.add("Call mum", "--alarm", "2026-11-24T01:30:00Z", "--notes", "crème brûlée")
        let bins = try sandbox.add("Take the bins out", "--due", "2026-11-23T19:00", "--repeat", "every monday")
        try sandbox.ok("complete", bins, "--date", "2026-11-23T19:10")
        try sandbox.ok("token", "create", "phones", "--scope", "ingest")
        try sandbox.ok("device", "add", "car", "--id", "4f7c1a")
        try sandbox.ok("webhook", "add", "http://127.0.0.1:9/hook", "--secret", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        _ = try sandbox.run("feed", CLISandbox.fixture("cli/commute.csv"))
        try sandbox.ok("webhook", "replay", "--since", "2026-11-24T00:00:00Z")
        return sandbox
    }

    /// The same query's rows from the SQLite file (Python's sqlite3) and from PostgreSQL (psql),
    /// each as lines of `|`-separated cells.
    static func sqliteRows(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c",
            """
            import sys, sqlite3
            def cell(v):  # as psql prints: shortest round-trip doubles, no ".0" on whole ones
                if isinstance(v, float):
                    return repr(v)[:-2] if v.is_integer() and repr(v).endswith(".0") else repr(v)
                return str(v)
            for row in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]):
                print("|".join("" if v is None else v.hex() if isinstance(v, bytes) else cell(v) for v in row))
            """,
            path, sql,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func everyTableArrivesWithItsValues() throws {
        let sandbox = try Self.seededSandbox()
        let server = try PostgresServer()
        defer { server.stop() }
        let target = try server.createDatabase("fleet")
        let copied = try sandbox.run("migrate", "--from", sandbox.storePath, "--to", target)
        #expect(copied.status == 0 && copied.stderr.isEmpty, "\(copied)")
        let tables = [
            "storeInfo", "account", "list", "listMember", "recurrenceSeries", "reminder", "alarm", "davClientCopy", "engineState",
            "apiToken",
            "device", "outboxEvent", "webhookEndpoint", "actionUse", "webhookDelivery", "liveFixBatch", "phoneReply",
            "davSyncState",
        ]
        var expected = ""
        var total = 0
        for table in tables {
            let rows = Int(try Self.sqliteRows(sandbox.storePath, "SELECT count(*) FROM \(table)").trimmingCharacters(in: .newlines))!
            #expect(try server.psql("SELECT count(*) FROM \(table)", database: "fleet") == "\(rows)\n", "\(table)")
            expected += "\(table.padding(toLength: 18, withPad: " ", startingAt: 0)) \(rows)\n"
            total += rows
        }
        #expect(copied.stdout == expected + "copied \(total) rows from \(sandbox.storePath) to \(target)\n")
        // Something in every table that a seeded store fills (liveFixBatch is serve's, actionUse its Done
        // links', phoneReply its OwnTracks replies', davSyncState and davClientCopy its CalDAV clients').
        for table in tables where !["liveFixBatch", "actionUse", "phoneReply", "davSyncState", "davClientCopy"].contains(table) {
            #expect(try server.psql("SELECT count(*) > 0 FROM \(table)", database: "fleet") == "t\n", "\(table) is empty")
        }
        // Values cell by cell, doubles to the last digit, blobs to the last byte.
        let queries = [
            "SELECT number, id, listID, title, notes, priority, dueDate, dueKey, completionDate, seriesID, recurrenceRules FROM reminder ORDER BY number",
            "SELECT reminderNumber, position, id, kind, absoluteDate, latitude, longitude, radius, proximity, firedDate FROM alarm ORDER BY reminderNumber, position",
            "SELECT sequence, id, type, reminderID, device, eventDate, fixLatitude, fixLongitude, distance, recordedDate FROM outboxEvent ORDER BY sequence",
            "SELECT name, scope, HASH, createdDate, account FROM apiToken ORDER BY name",
            "SELECT listID, account, role FROM listMember ORDER BY listID, account",
            "SELECT key, SNAPSHOT FROM engineState ORDER BY key",
            "SELECT endpointID, eventSequence, device, attempts, nextAttemptDate FROM webhookDelivery ORDER BY endpointID, eventSequence",
            "SELECT id, liveReminderID, startDate, recurrenceRules FROM recurrenceSeries ORDER BY id",
        ]
        for query in queries {
            // psql prints bytea as \x…hex; the SQLite side prints blobs as hex.
            let postgres = query.replacingOccurrences(of: "HASH", with: "encode(hash, 'hex')")
                .replacingOccurrences(of: "SNAPSHOT", with: "encode(snapshot, 'hex')")
            let sqlite = query.replacingOccurrences(of: "HASH", with: "hash").replacingOccurrences(of: "SNAPSHOT", with: "snapshot")
            let (left, right) = (try server.psql(postgres, database: "fleet"), try Self.sqliteRows(sandbox.storePath, sqlite))
            #expect(left == right, "\(query)\nPostgreSQL:\n\(left)SQLite:\n\(right)")
        }
        let flags = try server.psql("SELECT title, isCompleted, isLocationReminder FROM reminder ORDER BY number", database: "fleet")
        #expect(flags == "Leave work|f|t\nBuy milk|f|t\nCall mum|f|f\nTake the bins out|f|f\nTake the bins out|t|f\n", "\(flags)")
        // New rows get keys past the copied ones, never one of them again.
        let nextEvent = try server.psql(
            "SELECT nextval(pg_get_serial_sequence('outboxevent', 'sequence')) > (SELECT max(sequence) FROM outboxEvent)",
            database: "fleet")
        #expect(nextEvent == "t\n")
        #expect(
            try server.psql(
                "INSERT INTO list (id, title, colour, allowsContentModifications, creationDate) VALUES ('x', 'New', '#000', true, 0) RETURNING title",
                database: "fleet") == "New\n")
    }

    @Test func aSecondCopyIsRefusedAndAFailedOneLeavesNothing() throws {
        let sandbox = try Self.seededSandbox()
        let server = try PostgresServer()
        defer { server.stop() }
        let target = try server.createDatabase("home")
        #expect(try sandbox.run("migrate", "--from", sandbox.storePath, "--to", target).status == 0)
        let reminders = try server.psql("SELECT count(*) FROM reminder", database: "home")
        let info = try server.psql("SELECT count(*) FROM storeInfo", database: "home").trimmingCharacters(in: .newlines)
        let again = try sandbox.run("migrate", "--from", sandbox.storePath, "--to", target)
        #expect(
            again
                == CLIResult(
                    stdout: "",
                    stderr:
                        "error: the target already holds a georemind store (\(info) row(s) in storeInfo); migrate copies into an empty database only\n",
                    status: 1))
        #expect(try server.psql("SELECT count(*) FROM reminder", database: "home") == reminders)

        // A table in the way: the schema cannot be created, and nothing of the copy stays.
        try server.createDatabase("busy")
        _ = try server.psql("CREATE TABLE device (serial integer)", database: "busy")
        let blocked = try sandbox.run("migrate", "--from", sandbox.storePath, "--to", server.address(database: "busy"))
        #expect(blocked == CLIResult(stdout: "", stderr: "error: PostgreSQL: relation \"device\" already exists\n", status: 1))
        #expect(
            try server.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", database: "busy") == "1\n")
    }

    @Test func addressesAndPostgresStoresElsewhereAreClearErrors() throws {
        let sandbox = try CLISandbox()
        _ = try sandbox.add("Buy milk")
        let cases: [([String], String)] = [
            (
                ["migrate", "--from", sandbox.storePath, "--to", "mysql://u@h/db"],
                "error: --to: 'mysql://u@h/db' is not a PostgreSQL address (expected postgres:// or postgresql://); use postgres://USER[:PASSWORD]@HOST[:PORT]/DB or postgres://USER@/DB?host=/SOCKET/DIR\n"
            ),
            (
                ["migrate", "--from", sandbox.storePath, "--to", "postgres://u@localhost"],
                "error: --to: 'postgres://u@localhost' is not a PostgreSQL address (no database name after the host); use postgres://USER[:PASSWORD]@HOST[:PORT]/DB or postgres://USER@/DB?host=/SOCKET/DIR\n"
            ),
            (
                ["migrate", "--from", sandbox.storePath, "--to", "postgres://localhost/db"],
                "error: --to: 'postgres://localhost/db' is not a PostgreSQL address (no user name before @); use postgres://USER[:PASSWORD]@HOST[:PORT]/DB or postgres://USER@/DB?host=/SOCKET/DIR\n"
            ),
        ]
        for (arguments, message) in cases {
            #expect(try sandbox.run(arguments) == CLIResult(stdout: "", stderr: message, status: 64), "\(arguments)")
        }
        // Nothing listens there: one line naming the address, without its password.
        let nowhere = try sandbox.run(
            "migrate", "--from", sandbox.storePath, "--to", "postgres://u:secret@/db?host=/tmp/georemind-nothing-here")
        #expect(nowhere.status == 1 && nowhere.stdout.isEmpty)
        #expect(nowhere.stderr.hasPrefix("error: cannot connect to postgres://u@/db?host=/tmp/georemind-nothing-here: "), "\(nowhere)")
        #expect(!nowhere.stderr.contains("secret") && nowhere.stderr.split(separator: "\n").count == 1)
        // Any command takes a PostgreSQL store; one nobody serves is the same one line.
        let listed = try sandbox.run("list", "--store", "postgres://u@/db?host=/tmp/georemind-nothing-here")
        #expect(listed.status == 1 && listed.stdout.isEmpty)
        #expect(listed.stderr.hasPrefix("error: cannot connect to postgres://u@/db?host=/tmp/georemind-nothing-here: "), "\(listed)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.folder.appendingPathComponent("postgres:").path))
    }
}
