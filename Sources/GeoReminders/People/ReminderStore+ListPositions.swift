import Foundation
import GRDB

extension ReminderStore {
    /// Where `account` put the lists it is a member of (Apple's `calendar-order`), by list; lists
    /// it never placed are absent. Each person orders their own lists, shared ones included.
    public func listPositions(of account: String) throws -> [String: Int] {
        try memberSettings(.position, of: account)
    }

    /// Puts a list `account` is a member of at `position` among its lists (nil: unplaced). Any
    /// member may, a viewer too: the order is theirs, not the list's.
    public func setListPosition(_ position: Int?, listID: String, for account: String) throws {
        try setMemberSetting(.position, to: position, listID: listID, for: account, operation: "order lists")
    }

    /// The columns of `listMember` that are each member's own, not the list's.
    enum MemberSetting: String {
        case position, collectionName
    }

    /// `account`'s own `setting` for each list it is a member of, where set.
    func memberSettings<Value: DatabaseValueConvertible>(_ setting: MemberSetting, of account: String) throws -> [String: Value] {
        let database = try authorizedDatabase(for: "read lists", allowedWith: [.full, .writeOnly])
        return try database.read { db in
            var values: [String: Value] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT listID, \(setting.rawValue) FROM listMember WHERE account = ? AND \(setting.rawValue) IS NOT NULL",
                arguments: [account])
            {
                values[row[0]] = row[1]
            }
            return values
        }
    }

    /// Sets `account`'s own `setting` for a list it is a member of (nil: unset).
    func setMemberSetting(
        _ setting: MemberSetting, to value: (some DatabaseValueConvertible)?, listID: String, for account: String, operation: String
    ) throws {
        let database = try authorizedDatabase(for: operation)
        try database.write { db in
            try db.execute(
                sql: "UPDATE listMember SET \(setting.rawValue) = ? WHERE listID = ? AND account = ?",
                arguments: [value, listID, account])
            guard db.changesCount == 1 else { throw StoreError.unknownList(id: listID) }
        }
    }
}
