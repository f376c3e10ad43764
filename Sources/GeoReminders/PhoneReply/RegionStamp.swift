/// What the region catalogue's candidates depend on, read cheaply: the reminders' fingerprint
/// (``ReminderStore/reminderFingerprint()``), the accounts and the list members. While it stays
/// the same, the catalogue need not read every reminder again (on PostgreSQL, a working copy of
/// 10,000 reminders every second took most of a core).
public struct RegionStamp: Sendable, Equatable {
    public var reminders: [Double]
    public var accounts: [Account]
    public var listMembers: [String: [String]]

    public init(reminders: [Double], accounts: [Account], listMembers: [String: [String]]) {
        self.reminders = reminders
        self.accounts = accounts
        self.listMembers = listMembers
    }
}

/// Where the region catalogue reads its ``RegionStamp``.
public protocol RegionStamps: Sendable {
    func regionStamp() throws -> RegionStamp
}

extension ReminderStore: RegionStamps {
    public func regionStamp() throws -> RegionStamp {
        // Two reads, not one transaction: a change between them makes the next stamp differ.
        let book = try peopleBook()
        return RegionStamp(reminders: try reminderFingerprint(), accounts: book.accounts, listMembers: book.listMembers)
    }
}
