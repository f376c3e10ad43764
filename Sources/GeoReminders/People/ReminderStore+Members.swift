import Foundation
import GRDB

extension ReminderStore {
    /// The members of a list, owner first, then by name.
    public func members(ofList listID: String) throws -> [ListMember] {
        let database = try authorizedDatabase(for: "read lists", allowedWith: [.full, .writeOnly])
        return try database.read { db in try Self.members(db, listID: listID) }
    }

    static func members(_ db: Database, listID: String) throws -> [ListMember] {
        try Row.fetchAll(db, sql: "SELECT account, role FROM listMember WHERE listID = ?", arguments: [listID])
            .compactMap { row in ListRole(rawValue: row[1]).map { ListMember(account: row[0], role: $0) } }
            .sorted { ($0.role, $0.account) < ($1.role, $1.account) }
    }

    /// Every list's members, by list: what the evaluator needs to know who "anyone" is.
    public func membersByList() throws -> [String: [ListMember]] {
        let database = try authorizedDatabase(for: "read lists", allowedWith: [.full, .writeOnly])
        return try database.read { db in
            var result: [String: [ListMember]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT listID, account, role FROM listMember ORDER BY listID, account") {
                guard let role = ListRole(rawValue: row[2]) else { continue }
                result[row[0], default: []].append(ListMember(account: row[1], role: role))
            }
            return result
        }
    }

    /// `account`'s role in a list; nil when it is no member (the list is then as good as missing to it).
    public func role(of account: String, inList listID: String) throws -> ListRole? {
        let database = try authorizedDatabase(for: "read lists", allowedWith: [.full, .writeOnly])
        return try database.read { db in
            try String.fetchOne(
                db, sql: "SELECT role FROM listMember WHERE listID = ? AND account = ?", arguments: [listID, account]
            ).flatMap(ListRole.init(rawValue:))
        }
    }

    /// The lists `account` is a member of, with its role in each.
    public func roles(of account: String) throws -> [String: ListRole] {
        let database = try authorizedDatabase(for: "read lists", allowedWith: [.full, .writeOnly])
        return try database.read { db in
            var result: [String: ListRole] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT listID, role FROM listMember WHERE account = ?", arguments: [account]) {
                result[row[0]] = ListRole(rawValue: row[1])
            }
            return result
        }
    }

    /// Shares a list with `account` as an editor or viewer (or changes its role); only the list's
    /// owner (`actor`) may.
    public func share(listID: String, with account: String, role: ListRole, by actor: String) throws {
        let database = try authorizedDatabase(for: "share a list")
        try database.write { db in
            let title = try Self.checkRole(db, listID: listID, actor: actor, action: "share the list") { $0.canManageList }
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account WHERE name = ?", arguments: [account]) == true else {
                throw PeopleError.unknownAccount(name: account)
            }
            if role == .owner || account == actor {
                throw PeopleError.ownerCannotLeave(account: actor, listTitle: title)
            }
            // A person picks lists by name: it must not see two of the same.
            if try Self.listTitled(title, seenBy: [account], except: listID, db) != nil {
                throw PeopleError.titleTaken(account: account, listTitle: title)
            }
            try db.execute(
                sql: """
                    INSERT INTO listMember (listID, account, role) VALUES (?, ?, ?)
                    ON CONFLICT (listID, account) DO UPDATE SET role = excluded.role
                    """,
                arguments: [listID, account, role.rawValue])
        }
        observers.notify(.reminders)
    }

    /// Takes `account` out of a list: its owner (`actor`) removes a member, or a member leaves
    /// (`actor == account`). The leaver's assignments in the list, and alarms naming them, go
    /// back to their defaults.
    public func unshare(listID: String, account: String, by actor: String) throws {
        let database = try authorizedDatabase(for: "unshare a list")
        try database.write { db in
            let title: String
            if actor == account {
                title = try Self.checkRole(db, listID: listID, actor: actor, action: "leave the list") { _ in true }
            } else {
                title = try Self.checkRole(db, listID: listID, actor: actor, action: "unshare the list") { $0.canManageList }
            }
            let role = try String.fetchOne(
                db, sql: "SELECT role FROM listMember WHERE listID = ? AND account = ?", arguments: [listID, account])
            guard let role else { throw PeopleError.notAMember(account: account, listTitle: title) }
            if role == ListRole.owner.rawValue { throw PeopleError.ownerCannotLeave(account: account, listTitle: title) }
            try db.execute(sql: "DELETE FROM listMember WHERE listID = ? AND account = ?", arguments: [listID, account])
            try db.execute(
                sql: "UPDATE reminder SET assignee = NULL WHERE listID = ? AND assignee = ?", arguments: [listID, account])
            try db.execute(
                sql: "UPDATE reminder SET alarmsFor = NULL WHERE listID = ? AND alarmsFor = ?", arguments: [listID, account])
        }
        observers.notify(.reminders)
    }

    /// The identifiers of the reminders in the lists `account` is a member of: what of an event
    /// stream it may see.
    public func reminderIDs(visibleTo account: String) throws -> Set<String> {
        let database = try authorizedDatabase(for: "read reminders", allowedWith: [.full, .writeOnly])
        return try database.read { db in
            Set(
                try String.fetchAll(
                    db, sql: "SELECT id FROM reminder WHERE listID IN (SELECT listID FROM listMember WHERE account = ?)",
                    arguments: [account]))
        }
    }

    /// Refuses unless `actor` may change reminders of the list (an owner or editor).
    public func checkCanEdit(listID: String, actor: String) throws {
        let database = try authorizedDatabase(for: "save a reminder", allowedWith: [.full, .writeOnly])
        try database.read { db in
            _ = try Self.checkRole(db, listID: listID, actor: actor, action: "change its reminders") { $0.canEditReminders }
        }
    }

    /// The list named `title` (exactly, else ignoring case) among those `account` is a member of.
    public func list(titled title: String, visibleTo account: String) throws -> ReminderList? {
        let mine = try roles(of: account)
        return try lists().filter { mine[$0.id] != nil }.first(titled: title)
    }

    /// The list's title once `actor` is found allowed by `allowed`; a list it is no member of is
    /// unknown to it, exactly as a missing one.
    static func checkRole(
        _ db: Database, listID: String, actor: String, action: String, allowed: (ListRole) -> Bool
    ) throws -> String {
        guard
            let row = try Row.fetchOne(
                db,
                sql:
                    "SELECT list.title, listMember.role FROM list JOIN listMember ON listMember.listID = list.id WHERE list.id = ? AND listMember.account = ?",
                arguments: [listID, actor]),
            let role = ListRole(rawValue: row[1])
        else { throw StoreError.unknownList(id: listID) }
        guard allowed(role) else { throw PeopleError.notPermitted(account: actor, action: action, listTitle: row[0], role: role) }
        return row[0]
    }
}
