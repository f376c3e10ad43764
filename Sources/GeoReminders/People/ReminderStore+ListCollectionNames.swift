import Foundation

extension ReminderStore {
    /// The names `account`'s CalDAV clients made lists under, by list; lists made under their
    /// identifier, or by other means, are absent.
    public func listCollectionNames(of account: String) throws -> [String: String] {
        try memberSettings(.collectionName, of: account)
    }

    /// Keeps the name `account`'s client made a list under (nil: none). One person's names are
    /// distinct (a unique index): the caller checks ``listCollectionNames(of:)`` first.
    public func setListCollectionName(_ name: String?, listID: String, for account: String) throws {
        try setMemberSetting(.collectionName, to: name, listID: listID, for: account, operation: "name lists")
    }
}
