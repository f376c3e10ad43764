import ArgumentParser
import Foundation
import GeoReminders
import SharedStore
import Synchronization

/// `georemind migrate --from FILE.sqlite --to postgres://...`: copies a store into an empty
/// PostgreSQL database in one transaction and prints each table's rows, checked against the source.
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy a SQLite store into an empty PostgreSQL database, in one transaction, checking counts.")

    @Option(help: ArgumentHelp("The SQLite store to copy (it is only read).", valueName: "file")) var from: String
    @Option(
        help: ArgumentHelp(
            "The PostgreSQL database: postgres://USER[:PASSWORD]@HOST[:PORT]/DB, or postgres://USER@/DB?host=/SOCKET/DIR.",
            valueName: "address"))
    var to: String

    func run() throws {
        let target: PostgresAddress
        do {
            target = try PostgresAddress(parsing: to)
        } catch {
            throw CLIError.badValue(option: "--to", message: error.description)
        }
        if PostgresAddress.isPostgres(from) { throw CLIError.storeFileRequired(address: from) }
        guard FileManager.default.fileExists(atPath: from) else {
            throw CLIError.cannotRead(path: from, reason: "no such store file")
        }
        var configuration = StoreConfiguration()
        configuration.readOnly = true
        let store = try ReminderStore(path: from, configuration: configuration)
        let report = Mutex<StoreCopy.Report?>(nil)
        try AsyncCommand.run {
            let copied = try await StoreCopy.copy(from: store, to: target)
            report.withLock { $0 = copied }
        }
        guard let report = report.withLock({ $0 }) else { return }
        for (table, rows) in report.tables {
            print("\(table.padding(toLength: 18, withPad: " ", startingAt: 0)) \(rows)")
        }
        print("copied \(report.totalRows) rows from \(from) to \(target)")
    }
}
