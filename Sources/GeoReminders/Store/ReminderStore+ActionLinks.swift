import Foundation
import GRDB

extension ReminderStore {
    /// Completes the reminder a checked ``ActionLink`` names, once: the event's use is recorded
    /// (`actionUse`, keyed by event) before completing, so a second follow, or a request replayed,
    /// is refused even while the first is under way; a completion that fails takes the record back.
    /// A repeating reminder moves on to its next occurrence, as ``complete(id:occurrence:completionDate:)`` does.
    public func follow(_ link: ActionLink) throws -> CompletionResult {
        let database = try authorizedDatabase(for: "follow a Done link")
        let now = configuration.now().timeIntervalSinceReferenceDate
        try database.write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM actionUse WHERE eventID = ?", arguments: [link.eventID]) ?? false {
                throw ActionLinkError.alreadyUsed
            }
            try db.execute(sql: "INSERT INTO actionUse (eventID, usedDate) VALUES (?, ?)", arguments: [link.eventID, now])
        }
        do {
            return try complete(id: link.reminderID)
        } catch {
            try? database.write { db in try db.execute(sql: "DELETE FROM actionUse WHERE eventID = ?", arguments: [link.eventID]) }
            if case StoreError.reminderNotFound = error { throw ActionLinkError.reminderGone }
            throw error
        }
    }
}
