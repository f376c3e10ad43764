import Foundation

/// A person using the store (docs/people.md): lists, tokens and devices belong to one; the name is
/// the account's key everywhere (members, assignees, tokens), as people type it.
public struct Account: Hashable, Sendable, Codable {
    public var name: String
    /// Admins manage accounts, and every account's tokens and devices; they read no list of
    /// another account's unless it is shared with them.
    public var isAdmin: Bool
    public var createdDate: Date
    /// A disabled account's tokens are refused and its devices fire nothing; its data stays.
    public var disabledDate: Date?

    public init(name: String, isAdmin: Bool = false, createdDate: Date = Date(), disabledDate: Date? = nil) {
        self.name = name
        self.isAdmin = isAdmin
        self.createdDate = createdDate
        self.disabledDate = disabledDate
    }

    public var isDisabled: Bool { disabledDate != nil }

    /// The account an existing store migrates to, and every new store starts with.
    public static let firstName = "default"

    /// Words `--for` reads as keywords, so no account may be called by them.
    static let reservedNames: Set<String> = ["me", "anyone"]

    /// Checks a name people will type: 1 to 64 of letters, digits, `.`, `_` and `-`, starting with
    /// a letter or digit, and not a keyword.
    public static func check(name: String) throws(PeopleError) {
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar)
        }
        guard (1...64).contains(name.count), allowed, let first = name.unicodeScalars.first,
            CharacterSet.alphanumerics.contains(first), !reservedNames.contains(name.lowercased())
        else { throw .badAccountName(name: name) }
    }
}
