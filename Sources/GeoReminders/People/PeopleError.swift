/// Why an operation on accounts, members or assignments was refused.
public enum PeopleError: Error, Hashable, Sendable, CustomStringConvertible {
    case badAccountName(name: String)
    case duplicateAccount(name: String)
    /// Also what another account's private object answers: a foreign object reads as missing.
    case unknownAccount(name: String)
    case disabledAccount(name: String)
    case lastAdmin(name: String)
    case notAMember(account: String, listTitle: String)
    case ownerCannotLeave(account: String, listTitle: String)
    case notPermitted(account: String, action: String, listTitle: String, role: ListRole)
    case titleTaken(account: String, listTitle: String)

    public var description: String {
        switch self {
        case let .badAccountName(name):
            "'\(name)' cannot name an account: use 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit (not 'me' or 'anyone')"
        case let .duplicateAccount(name):
            "an account named '\(name)' already exists; choose another name"
        case let .unknownAccount(name):
            "no account is named '\(name)'; `georemind account list` shows them"
        case let .disabledAccount(name):
            "account '\(name)' is disabled; an admin can enable it with `georemind account enable \(name)`"
        case let .lastAdmin(name):
            "'\(name)' is the last admin account; make another account admin first"
        case let .notAMember(account, listTitle):
            "'\(account)' is not a member of list '\(listTitle)'; share the list with them first"
        case let .ownerCannotLeave(account, listTitle):
            "'\(account)' owns list '\(listTitle)'; an owner cannot leave their own list (delete it instead)"
        case let .notPermitted(account, action, listTitle, role):
            "'\(account)' is a\(role == .owner ? "n" : "") \(role.rawValue) of list '\(listTitle)' and cannot \(action); ask its owner"
        case let .titleTaken(account, listTitle):
            "'\(account)' already has a list named '\(listTitle)'; rename one of the two first"
        }
    }
}
