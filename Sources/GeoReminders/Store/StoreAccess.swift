/// The store protocol both fronts (the command line and the server) work through: a piece of work
/// runs on a ``ReminderStore`` holding the tables it names, so every rule of the store (lists,
/// recurrence, completion, tokens, webhooks) has one implementation whatever the engine.
///
/// On SQLite the work runs on the store file itself. On PostgreSQL (SharedStore's
/// `SharedWorkspace`) it runs on an in-memory copy of the named tables read in one transaction,
/// and what it changed is written back in that transaction; when another writer changed the same
/// rows meanwhile, the work runs again on fresh rows, so it must not have effects outside the
/// store it is given (print after it returns).
///
///     let saved = try access.writing(.reminders) { store in try store.save(reminder) }
public protocol StoreAccess: Sendable {
    /// Runs `work`, which only reads `scope`'s rows of `tables`.
    func reading<T>(_ tables: StoreTables, _ scope: StoreScope, _ work: (ReminderStore) throws -> T) throws -> T

    /// Runs `work`, which may change `scope`'s rows of `tables`, all or nothing.
    /// - Parameter retrying: false when `work` cannot run twice (it printed): a conflicting
    ///   concurrent change then fails the work with nothing written.
    func writing<T>(
        _ tables: StoreTables, _ scope: StoreScope, retrying: Bool, _ work: (ReminderStore) throws -> T
    ) throws -> T
}

extension StoreAccess {
    /// Runs `work`, which only reads `tables`.
    public func reading<T>(_ tables: StoreTables, _ work: (ReminderStore) throws -> T) throws -> T {
        try reading(tables, .everything, work)
    }

    /// Runs `work`, which may change `tables`, all or nothing.
    public func writing<T>(_ tables: StoreTables, retrying: Bool, _ work: (ReminderStore) throws -> T) throws -> T {
        try writing(tables, .everything, retrying: retrying, work)
    }

    /// Runs `work`, which may change `tables`, all or nothing; it may run more than once.
    public func writing<T>(_ tables: StoreTables, _ work: (ReminderStore) throws -> T) throws -> T {
        try writing(tables, .everything, retrying: true, work)
    }

    /// Runs `work`, which may change `scope`'s rows of `tables`, all or nothing; it may run more than once.
    public func writing<T>(_ tables: StoreTables, _ scope: StoreScope, _ work: (ReminderStore) throws -> T) throws -> T {
        try writing(tables, scope, retrying: true, work)
    }
}

/// The SQLite store works on itself: its own operations are each a transaction of the file, and
/// its queries read an account's rows by themselves.
extension ReminderStore: StoreAccess {
    public func reading<T>(_ tables: StoreTables, _ scope: StoreScope, _ work: (ReminderStore) throws -> T) throws -> T {
        try work(self)
    }

    public func writing<T>(
        _ tables: StoreTables, _ scope: StoreScope, retrying: Bool, _ work: (ReminderStore) throws -> T
    ) throws -> T {
        try work(self)
    }
}
