import Foundation
import GRDB

extension ReminderStore {
    /// Where `account` put the lists it is a member of (Apple's `calendar-order`), by list; lists
    /// it never placed are absent. Each person orders their own lists, shared ones included.
    public func listPositions(of account: String) throws -> [String: Int] {
        let database = try authorizedDatabase(for: "read lists", allowedWith: [.full, .writeOnly])
        return try database.read { db in
            var positions: [String: Int] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT listID, position FROM listMember WHERE account = ? AND position IS NOT NULL", arguments: [account])
            {
                positions[row[0]] = row[1]
            }
            return positions
        }
    }

    /// Puts a list `account` is a member of at `position` among its lists (nil: unplaced). Any
    /// member may, a viewer too: the order is theirs, not the list's.
    public func setListPosition(_ position: Int?, listID: String, for account: String) throws {
        let database = try authorizedDatabase(for: "order lists")
        try database.write { db in
            try db.execute(
                sql: "UPDATE listMember SET position = ? WHERE listID = ? AND account = ?", arguments: [position, listID, account])
            guard db.changesCount == 1 else { throw StoreError.unknownList(id: listID) }
        }
    }
}
