import Foundation
import GRDB

extension ReminderStore {
    /// The names `account`'s CalDAV clients made lists under, by list; lists made under their
    /// identifier, or by other means, are absent.
    public func listCollectionNames(of account: String) throws -> [String: String] {
        let database = try authorizedDatabase(for: "read lists", allowedWith: [.full, .writeOnly])
        return try database.read { db in
            var names: [String: String] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT listID, collectionName FROM listMember WHERE account = ? AND collectionName IS NOT NULL",
                arguments: [account])
            {
                names[row[0]] = row[1]
            }
            return names
        }
    }

    /// Keeps the name `account`'s client made a list under (nil: none). One person's names are
    /// distinct (a unique index): the caller checks ``listCollectionNames(of:)`` first.
    public func setListCollectionName(_ name: String?, listID: String, for account: String) throws {
        let database = try authorizedDatabase(for: "name lists")
        try database.write { db in
            try db.execute(
                sql: "UPDATE listMember SET collectionName = ? WHERE listID = ? AND account = ?", arguments: [name, listID, account])
            guard db.changesCount == 1 else { throw StoreError.unknownList(id: listID) }
        }
    }
}
