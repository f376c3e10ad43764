import Foundation
import GeoReminders
import PostgresNIO

/// The people book read from PostgreSQL as ``ReminderStore/peopleBook()`` reads it from SQLite.
enum SharedPeople {
    /// - Parameter devices: whether to read every device's owner too (the largest part).
    static func read(devices: Bool, _ run: (PostgresQuery) throws -> PostgresQueryResult) throws -> PeopleBook {
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
        guard devices else { return book }
        for row in try run("SELECT id, account FROM device WHERE account IS NOT NULL") {
            let (id, account) = try row.decode((String, String).self)
            book.deviceAccounts[id] = account
        }
        return book
    }

    /// The account a device is registered to (nil: no such device, or one with no account).
    static func deviceAccount(_ id: String, _ run: (PostgresQuery) throws -> PostgresQueryResult) throws -> String? {
        for row in try run("SELECT account FROM device WHERE id = \(id)") { return try row.decode(String?.self) }
        return nil
    }
}
