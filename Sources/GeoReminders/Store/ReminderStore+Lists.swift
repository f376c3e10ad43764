import Foundation
import GRDB

extension ReminderStore {
    /// The lists, default first then by creation. Write-only access sees one virtual list
    /// standing for the default list.
    public func lists() throws -> [ReminderList] {
        let database = try authorizedDatabase(for: "read lists", allowedWith: [.full, .writeOnly])
        guard access == .full else { return [virtualList] }
        return try database.read(Self.lists)
    }

    static func lists(_ db: Database) throws -> [ReminderList] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT id, title, colour, allowsContentModifications FROM list
                ORDER BY id = (SELECT value FROM storeInfo WHERE key = 'defaultListID') DESC, creationDate, id
                """
        ).map { ReminderList(id: $0[0], title: $0[1], colour: $0[2], allowsContentModifications: $0[3]) }
    }

    /// The list new reminders go to when they name none.
    public func defaultList() throws -> ReminderList {
        let database = try authorizedDatabase(for: "read lists", allowedWith: [.full, .writeOnly])
        guard access == .full else { return virtualList }
        let id = try database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM storeInfo WHERE key = 'defaultListID'") ?? ""
        }
        guard let list = try lists().first(where: { $0.id == id }) else { throw StoreError.unknownList(id: id) }
        return list
    }

    /// Makes the list with this identifier the default one; it must allow changes.
    public func setDefaultList(id: String) throws {
        let database = try authorizedDatabase(for: "change the default list")
        let canonical = try Reminder.canonicalIdentifier(id)
        try database.write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT title, allowsContentModifications FROM list WHERE id = ?",
                    arguments: [canonical])
            else {
                throw StoreError.unknownList(id: canonical)
            }
            guard row[1] as Bool else { throw StoreError.readOnlyList(listID: canonical, title: row[0]) }
            try db.execute(sql: "UPDATE storeInfo SET value = ? WHERE key = 'defaultListID'", arguments: [canonical])
        }
        cachedDefaultListID.withLock { $0 = canonical }
        observers.notify(.reminders)
    }

    /// The list named `title` (exactly, else ignoring case); nil when there is none.
    public func list(titled title: String) throws -> ReminderList? {
        try lists().first(titled: title)
    }

    /// Creates or updates a list. An existing read-only list cannot be changed, and no two lists a
    /// person sees share a title ignoring case (names are how people pick a list); two people
    /// may each have their own "Shopping".
    /// - Parameter owner: the account a new list belongs to; the first account when nil.
    @discardableResult
    public func save(_ list: ReminderList, owner: String? = nil) throws -> ReminderList {
        let database = try authorizedDatabase(for: "save a list")
        let stored = try list.validated()
        try database.write { db in
            var people = try String.fetchAll(db, sql: "SELECT account FROM listMember WHERE listID = ?", arguments: [stored.id])
            if people.isEmpty {
                people = try [owner ?? String.fetchOne(db, sql: "SELECT name FROM account ORDER BY createdDate, name LIMIT 1")]
                    .compactMap { $0 }
            }
            if let clash = try Self.listTitled(stored.title, seenBy: people, except: stored.id, db) {
                throw StoreError.duplicateListTitle(title: stored.title, existingID: clash)
            }
            if let old = try Row.fetchOne(
                db, sql: "SELECT title, allowsContentModifications FROM list WHERE id = ?",
                arguments: [stored.id])
            {
                guard old[1] as Bool else { throw StoreError.readOnlyList(listID: stored.id, title: old[0]) }
                try db.execute(
                    sql: "UPDATE list SET title = ?, colour = ?, allowsContentModifications = ? WHERE id = ?",
                    arguments: [stored.title, stored.colour, stored.allowsContentModifications, stored.id])
            } else {
                try db.execute(
                    sql: "INSERT INTO list VALUES (?, ?, ?, ?, ?)",
                    arguments: [
                        stored.id, stored.title, stored.colour, stored.allowsContentModifications,
                        configuration.now().timeIntervalSinceReferenceDate,
                    ])
                let owner = try owner ?? String.fetchOne(db, sql: "SELECT name FROM account ORDER BY createdDate, name LIMIT 1")
                if let owner {
                    try db.execute(
                        sql: "INSERT INTO listMember (listID, account, role) VALUES (?, ?, 'owner')", arguments: [stored.id, owner])
                }
            }
        }
        observers.notify(.reminders)
        return stored
    }

    /// The list, other than `except`, that one of `people` sees titled `title` ignoring case.
    static func listTitled(_ title: String, seenBy people: [String], except: String, _ db: Database) throws -> String? {
        let folded = ReminderList.foldedTitle(title)
        let placeholders = people.map { _ in "?" }.joined(separator: ",")
        let sql =
            people.isEmpty
            ? "SELECT id, title FROM list WHERE id != ?"
            : "SELECT id, title FROM list WHERE id != ? AND id IN (SELECT listID FROM listMember WHERE account IN (\(placeholders)))"
        for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments([except] + people))
        where ReminderList.foldedTitle(row[1]) == folded {
            return row[0]
        }
        return nil
    }

    /// Removes a list and its reminders. The default list and read-only lists stay.
    public func removeList(id: String) throws {
        let database = try authorizedDatabase(for: "remove a list")
        let canonical = try Reminder.canonicalIdentifier(id)
        try database.write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT title, allowsContentModifications FROM list WHERE id = ?",
                    arguments: [canonical])
            else {
                throw StoreError.unknownList(id: canonical)
            }
            // The store's default list and each account's own list are where reminders naming no list go.
            let isDefault = try Bool.fetchOne(
                db, sql: "SELECT 1 FROM storeInfo WHERE (key = 'defaultListID' OR key LIKE 'defaultListID:%') AND value = ?",
                arguments: [canonical])
            guard isDefault != true else { throw StoreError.cannotRemoveDefaultList(listID: canonical) }
            guard row[1] as Bool else { throw StoreError.readOnlyList(listID: canonical, title: row[0]) }
            try db.execute(sql: "DELETE FROM list WHERE id = ?", arguments: [canonical])
        }
        observers.notify(.reminders)
    }

    /// What write-only access shows for the lists: the default list's identifier, so that
    /// saves into it succeed, and nothing of its contents.
    private var virtualList: ReminderList {
        ReminderList(id: cachedDefaultListID.withLock { $0 }, title: "Reminders")
    }
}
