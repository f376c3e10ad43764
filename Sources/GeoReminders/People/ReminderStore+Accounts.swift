import Foundation
import GRDB

extension ReminderStore {
    /// The accounts, first created first.
    public func accounts() throws -> [Account] {
        let database = try authorizedDatabase(for: "list accounts", allowedWith: [.full, .writeOnly])
        return try database.read { db in try Self.accounts(db) }
    }

    static func accounts(_ db: Database) throws -> [Account] {
        try Row.fetchAll(db, sql: "SELECT name, isAdmin, createdDate, disabledDate FROM account ORDER BY createdDate, name").map {
            Account(
                name: $0[0], isAdmin: $0[1], createdDate: Date(timeIntervalSinceReferenceDate: $0[2]),
                disabledDate: ($0[3] as Double?).map(Date.init(timeIntervalSinceReferenceDate:)))
        }
    }

    /// The account named `name`, or the first account (the one a store starts with) for nil.
    /// - Throws: ``PeopleError/unknownAccount(name:)``.
    public func account(named name: String?) throws -> Account {
        let all = try accounts()
        guard let name else {
            guard let first = all.first else { throw PeopleError.unknownAccount(name: Account.firstName) }
            return first
        }
        guard let account = all.first(where: { $0.name == name }) else { throw PeopleError.unknownAccount(name: name) }
        return account
    }

    /// Adds an account with a list of its own (`Reminders (NAME)`), where its reminders go when
    /// they name no list.
    @discardableResult
    public func addAccount(name: String, isAdmin: Bool = false) throws -> Account {
        try Account.check(name: name)
        let database = try authorizedDatabase(for: "add an account")
        let account = Account(name: name, isAdmin: isAdmin, createdDate: configuration.now())
        try database.write { db in
            let taken = try String.fetchAll(db, sql: "SELECT name FROM account").contains { $0.lowercased() == name.lowercased() }
            if taken { throw PeopleError.duplicateAccount(name: name) }
            try db.execute(
                sql: "INSERT INTO account (name, isAdmin, createdDate) VALUES (?, ?, ?)",
                arguments: [name, isAdmin, account.createdDate.timeIntervalSinceReferenceDate])
        }
        let list = try save(ReminderList(title: "Reminders (\(name))"), owner: name)
        try database.write { db in
            try db.execute(
                sql: "INSERT INTO storeInfo (key, value) VALUES (?, ?)", arguments: [Self.defaultListKey(of: name), list.id])
        }
        observers.notify([.reminders, .credentials])
        return account
    }

    /// Disables or enables an account: a disabled account's tokens are refused and its devices
    /// fire nothing (the evaluator reloads), its lists and reminders stay.
    public func setDisabled(_ disabled: Bool, account name: String) throws {
        let database = try authorizedDatabase(for: "disable an account")
        try database.write { db in
            let all = try Self.accounts(db)
            guard all.contains(where: { $0.name == name }) else { throw PeopleError.unknownAccount(name: name) }
            if disabled, all.filter({ $0.isAdmin && !$0.isDisabled }).map(\.name) == [name] {
                throw PeopleError.lastAdmin(name: name)
            }
            try db.execute(
                sql: "UPDATE account SET disabledDate = ? WHERE name = ?",
                arguments: [disabled ? configuration.now().timeIntervalSinceReferenceDate : nil, name])
        }
        observers.notify([.reminders, .credentials])
    }

    /// The list an account's new reminders go to when they name none: its own list, or the
    /// store's default list for the first account.
    public func defaultListID(of account: String) throws -> String {
        let database = try authorizedDatabase(for: "read lists", allowedWith: [.full, .writeOnly])
        let own = try database.read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT value FROM storeInfo WHERE key = ?
                    AND value IN (SELECT listID FROM listMember WHERE account = ?)
                    """,
                arguments: [Self.defaultListKey(of: account), account])
        }
        return try own ?? defaultList().id
    }

    static func defaultListKey(of account: String) -> String { "defaultListID:" + account }
}
