import Foundation
import GeoReminders
import PostgresNIO

/// Whose devices fire which alarms, read from PostgreSQL as ``ReminderStore/peopleBook()`` reads
/// it from SQLite.
extension PartitionEvaluationStore {
    public func peopleBook() throws -> PeopleBook {
        var book = PeopleBook()
        for row in try run("SELECT name, isAdmin, createdDate, disabledDate FROM account ORDER BY createdDate, name") {
            let (name, isAdmin, created, disabled) = try row.decode((String, Bool, Double, Double?).self)
            book.accounts.append(
                Account(
                    name: name, isAdmin: isAdmin, createdDate: Date(timeIntervalSinceReferenceDate: created),
                    disabledDate: disabled.map(Date.init(timeIntervalSinceReferenceDate:))))
        }
        for row in try run("SELECT listID, account FROM listMember ORDER BY listID, account") {
            let (list, account) = try row.decode((String, String).self)
            book.listMembers[list, default: []].append(account)
        }
        for row in try run("SELECT id, account FROM device WHERE account IS NOT NULL") {
            let (id, account) = try row.decode((String, String).self)
            book.deviceAccounts[id] = account
        }
        return book
    }

    public func deviceAccount(_ id: String) throws -> String? {
        for row in try run("SELECT account FROM device WHERE id = \(id)") { return try row.decode(String?.self) }
        return nil
    }
}
