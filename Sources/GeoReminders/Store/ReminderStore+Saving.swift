import Foundation
import GRDB

extension ReminderStore {
    /// Saves a reminder, as EventKit's `save(_:commit:)`: with `commit` false the save is held
    /// until `commit()`. Returns the reminder as stored: canonical identifiers, a list (the
    /// default one when it had none), `lastModifiedDate` stamped, and a completion date when
    /// it is completed without one.
    ///
    /// Model rules are checked here; list rules (exists, writable) when the batch commits.
    @discardableResult
    public func save(_ reminder: Reminder, commit: Bool = true) throws -> Reminder {
        _ = try authorizedDatabase(for: "save a reminder", allowedWith: [.full, .writeOnly])
        var stored = try reminder.validated()
        let now = configuration.now()
        if stored.isCompleted, stored.completionDate == nil { stored.completionDate = now }
        stored.lastModifiedDate = now
        if stored.listID == nil { stored.listID = cachedDefaultListID.withLock { $0 } }
        pending.withLock { $0.append(.save(stored)) }
        if commit { try self.commit() }
        return stored
    }

    /// Removes the reminder with this identifier, held until `commit()` when `commit` is false.
    public func remove(id: String, commit: Bool = true) throws {
        _ = try authorizedDatabase(for: "remove a reminder")
        let canonical = try Reminder.canonicalIdentifier(id)
        pending.withLock { $0.append(.remove(id: canonical)) }
        if commit { try self.commit() }
    }

    /// Removes `reminder`, as EventKit's `remove(_:commit:)`.
    public func remove(_ reminder: Reminder, commit: Bool = true) throws {
        try remove(id: reminder.id, commit: commit)
    }

    /// Writes every held save and removal in one transaction. On failure nothing is written
    /// and the held changes are dropped, leaving the store as it was last committed.
    public func commit() throws {
        let database = try authorizedDatabase(for: "commit changes", allowedWith: [.full, .writeOnly])
        let wrote = try pending.withLock { changes in
            defer { changes.removeAll() }
            guard !changes.isEmpty else { return false }
            try database.write { db in
                let writer = try ReminderWriter(db, access: access, titleKeys: titleKeys, floatingZone: configuration.floatingTimeZone)
                try writer.apply(changes)
            }
            return true
        }
        if wrote { observers.notify(.reminders) }
    }

    /// Drops the held saves and removals, as EventKit's `reset()`.
    public func reset() {
        pending.withLock { $0.removeAll() }
    }

    /// The number of saves and removals waiting for `commit()`.
    public var pendingChangeCount: Int { pending.withLock { $0.count } }
}
