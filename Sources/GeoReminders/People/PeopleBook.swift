import GRDB

/// What the evaluator needs to know of people (docs/people.md): the accounts, who is in each
/// list, and whose each device is. Small next to the reminders: read whole at each (re)load.
public struct PeopleBook: Sendable, Equatable {
    public var accounts: [Account]
    /// Member accounts by list identifier.
    public var listMembers: [String: [String]]
    /// Account by device identifier (what the device's fixes carry).
    public var deviceAccounts: [String: String]

    public init(accounts: [Account] = [], listMembers: [String: [String]] = [:], deviceAccounts: [String: String] = [:]) {
        self.accounts = accounts
        self.listMembers = listMembers
        self.deviceAccounts = deviceAccounts
    }

    /// Whether anybody's alarms are anybody else's business: one enabled account alone (every
    /// store before people) needs no audience, and evaluates exactly as before.
    public var isShared: Bool { accounts.count > 1 || accounts.contains(where: \.isDisabled) }
}

extension ReminderStore {
    /// The accounts, list members and device owners, in one read.
    public func peopleBook() throws -> PeopleBook {
        let database = try authorizedDatabase(for: "read accounts", allowedWith: [.full, .writeOnly])
        return try database.read { db in
            var book = PeopleBook(accounts: try Self.accounts(db))
            for row in try Row.fetchAll(db, sql: "SELECT listID, account FROM listMember ORDER BY listID, account") {
                book.listMembers[row[0], default: []].append(row[1])
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, account FROM device WHERE account IS NOT NULL") {
                book.deviceAccounts[row[0]] = row[1]
            }
            return book
        }
    }

    /// The account a device belongs to; nil for a device the store does not know.
    public func deviceAccount(_ id: String) throws -> String? {
        let database = try authorizedDatabase(for: "read devices", allowedWith: [.full, .writeOnly])
        return try database.read { db in try String.fetchOne(db, sql: "SELECT account FROM device WHERE id = ?", arguments: [id]) }
    }
}
