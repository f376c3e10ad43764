/// What a member of a list may do with it (docs/people.md), as Apple Reminders' shared lists.
public enum ListRole: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// Reads, adds, edits, completes and deletes reminders; shares, renames and deletes the list.
    case owner
    /// Reads, adds, edits, completes and deletes reminders.
    case editor
    /// Reads.
    case viewer

    /// Whether a member with this role may change the list's reminders.
    public var canEditReminders: Bool { self != .viewer }

    /// Whether a member with this role may share, rename or delete the list.
    public var canManageList: Bool { self == .owner }

    public static func < (lhs: ListRole, rhs: ListRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// An account's place in a list.
public struct ListMember: Hashable, Sendable, Codable {
    public var account: String
    public var role: ListRole

    public init(account: String, role: ListRole) {
        self.account = account
        self.role = role
    }
}
