/// The tables a piece of store work reads or writes, named by what they hold: a PostgreSQL working
/// copy (SharedStore's `SharedWorkspace`) loads only these, so listing reminders never reads tokens.
public struct StoreTables: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Lists and their members, recurrence series, reminders and their alarms, the accounts, and
    /// the store's settings (default list, sort locale, floating zone).
    public static let reminders = StoreTables(rawValue: 1 << 0)
    /// API tokens and devices, and the accounts they belong to.
    public static let credentials = StoreTables(rawValue: 1 << 1)
    /// Webhook endpoints and channels, and the accounts channels belong to (delivery queues stay
    /// where they are).
    public static let webhooks = StoreTables(rawValue: 1 << 2)
    /// Saved evaluator states and fix logs, except a shared server's partitions' (theirs are the
    /// partition owners' alone).
    public static let evaluation = StoreTables(rawValue: 1 << 3)
    /// Outbox events the work adds; events already recorded are not read (an outbox grows without bound).
    public static let outboxAppends = StoreTables(rawValue: 1 << 4)
    /// Done links already followed (``ActionLink``).
    public static let actionUses = StoreTables(rawValue: 1 << 5)
    /// What each phone's replies carried and it acknowledged (``PhoneReplyState``).
    public static let phoneReplies = StoreTables(rawValue: 1 << 7)
    /// Lists, their members, the accounts and the store's settings without a reminder: what a
    /// listing of lists, a person's default list or the action key needs, so that on PostgreSQL
    /// it costs the lists, not the reminders.
    public static let lists = StoreTables(rawValue: 1 << 8)
    /// The bytes CalDAV clients last stored for reminders (``ClientCopy``): only CalDAV reads them.
    public static let clientCopies = StoreTables(rawValue: 1 << 9)

    /// The catalogue's tables these name, in its order (parents first).
    public var tables: [StoreTable] { StoreCatalogue.tables.filter { !$0.groups.isDisjoint(with: self) } }

    /// The names of ``tables``.
    public var tableNames: [String] { tables.map(\.name) }
}
