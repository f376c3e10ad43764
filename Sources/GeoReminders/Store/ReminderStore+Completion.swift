import CivilTime
import Foundation
import GRDB

extension ReminderStore {
    /// Completes the occurrence due `occurrence` (the current one when nil) of a reminder, in one
    /// transaction, as Apple's Reminders does: a repeating reminder writes a completed copy of the
    /// occurrence to its series' history and moves itself, same identifier, to the next occurrence
    /// (see `RecurrenceSeries`); when the series has ended, or the reminder does not repeat, the
    /// reminder itself is marked completed.
    ///
    /// Naming an occurrence that is not current, or completing a completed reminder, changes
    /// nothing and says so: a repeated request never advances twice. Held batch changes are not
    /// involved. `completionDate` defaults to the store's clock.
    @discardableResult
    public func complete(id: String, occurrence: CivilDateTime? = nil, completionDate: Date? = nil) throws -> CompletionResult {
        let database = try authorizedDatabase(for: "complete a reminder")
        let canonical = try Reminder.canonicalIdentifier(id)
        let now = configuration.now()
        let floatingZone = configuration.floatingTimeZone
        let result = try database.write { db -> CompletionResult in
            guard let live = try Self.fetchReminder(db, id: canonical) else { throw StoreError.reminderNotFound(id: canonical) }
            if let occurrence, occurrence != live.dueDate {
                let copy = try Self.historyCopyID(db, seriesID: live.seriesID ?? live.id, liveID: live.id, due: occurrence)
                return CompletionResult(
                    outcome: .staleOccurrence, reminder: live, historyCopyID: copy,
                    nextDue: live.isCompleted ? nil : live.dueDate)
            }
            if live.isCompleted { return CompletionResult(outcome: .alreadyCompleted, reminder: live) }
            let writer = try ReminderWriter(db, access: access, titleKeys: titleKeys, floatingZone: configuration.floatingTimeZone)
            let completedAt = completionDate ?? now
            var completed = live
            completed.completionDate = completedAt
            completed.lastModifiedDate = now
            guard !live.recurrenceRules.isEmpty, let due = live.dueDate else {
                try writer.save(completed.validated())
                return CompletionResult(outcome: .completed, reminder: completed)
            }
            var series = try SeriesRecord.current(db, for: live, due: due, floatingZone: floatingZone)
            let history = try Self.historyCount(db, seriesID: series.id, liveID: live.id)
            let next = RecurrenceSeries(rules: live.recurrenceRules, start: series.start, completedCount: history)
                .nextDue(afterCompleting: due, at: completedAt, floatingZone: floatingZone)
            guard let next else {
                completed.seriesID = series.id
                try writer.save(completed.validated())
                try series.save(db)
                return CompletionResult(outcome: .completed, reminder: completed)
            }
            let copy = completed.historyCopy(
                id: UUID().uuidString.lowercased(), seriesID: series.id,
                completionDate: completedAt, now: now)
            var advanced = live.advanced(to: next, floatingZone: floatingZone)
            advanced.seriesID = series.id
            advanced.lastModifiedDate = now
            try writer.save(copy.validated())
            try writer.save(advanced.validated())
            series.liveReminderID = live.id
            try series.save(db)
            return CompletionResult(outcome: .advanced, reminder: advanced, historyCopyID: copy.id, nextDue: next)
        }
        if result.didChange { observers.notify(.reminders) }
        return result
    }

    /// The completed occurrences of a series, oldest due date first. A series is named by its
    /// `seriesID`, which is the live reminder's identifier unless it had one before it first repeated.
    public func history(ofSeries seriesID: String) throws -> [Reminder] {
        let database = try authorizedDatabase(for: "read a series' history")
        let canonical = try Reminder.canonicalIdentifier(seriesID)
        return try database.read { db in
            try ReminderReader.fetch(
                db, filter: Self.historyFilter(seriesID: canonical),
                order: "dueKey IS NULL, dueKey, creationDate, id")
        }
    }

    /// Removes the series a reminder belongs to: its live reminder, and with `includingHistory`
    /// its completed copies too. `id` names the live reminder or any reminder of the series.
    /// Returns the number of reminders removed.
    @discardableResult
    public func removeSeries(of id: String, includingHistory: Bool = false) throws -> Int {
        let database = try authorizedDatabase(for: "remove a series")
        let canonical = try Reminder.canonicalIdentifier(id)
        let removed = try database.write { db -> Int in
            guard let member = try Self.fetchReminder(db, id: canonical) else { throw StoreError.reminderNotFound(id: canonical) }
            let seriesID = member.seriesID ?? member.id
            let liveID = try SeriesRecord.fetch(db, id: seriesID)?.liveReminderID ?? member.id
            var doomed: [String] = []
            if try Self.fetchReminder(db, id: liveID) != nil { doomed.append(liveID) }
            if includingHistory {
                let filter = Self.historyFilter(seriesID: seriesID)
                doomed += try String.fetchAll(db, sql: "SELECT id FROM reminder WHERE \(filter.sql)", arguments: filter.arguments)
            }
            let writer = try ReminderWriter(db, access: access, titleKeys: titleKeys, floatingZone: configuration.floatingTimeZone)
            for reminderID in doomed { try writer.remove(id: reminderID) }
            try SeriesRecord.delete(db, id: seriesID)
            return doomed.count
        }
        if removed > 0 { observers.notify(.reminders) }
        return removed
    }

    private static func fetchReminder(_ db: Database, id: String) throws -> Reminder? {
        try ReminderReader.fetch(db, filter: ReminderFilter(sql: "id = ?", arguments: [id]), order: "id").first
    }

    /// The completed members of a series other than its live reminder.
    private static func historyFilter(seriesID: String) -> ReminderFilter {
        ReminderFilter(
            sql: """
                seriesID = ? AND isCompleted AND id IS NOT (SELECT liveReminderID FROM recurrenceSeries WHERE id = ?)
                """, arguments: [seriesID, seriesID])
    }

    private static func historyCount(_ db: Database, seriesID: String, liveID: String) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM reminder WHERE seriesID = ? AND isCompleted AND id != ?",
            arguments: [seriesID, liveID]) ?? 0
    }

    /// The history copy of the occurrence due `due`, if one was written.
    private static func historyCopyID(_ db: Database, seriesID: String, liveID: String, due: CivilDateTime) throws -> String? {
        try String.fetchOne(
            db,
            sql: """
                SELECT id FROM reminder WHERE seriesID = ? AND isCompleted AND id != ?
                AND dueDate = ? AND dueTimeZone IS ? ORDER BY creationDate, id LIMIT 1
                """, arguments: [seriesID, liveID, due.storageText, due.timeZone?.identifier])
    }
}

extension ReminderStore {
    /// Completes a reminder and, with `includingSubtasks`, its incomplete subtasks and theirs
    /// (a parent alone leaves its subtasks as they are, as the Reminders app does).
    @discardableResult
    public func complete(id: String, completionDate: Date? = nil, includingSubtasks: Bool) throws -> CompletionResult {
        let result = try complete(id: id, completionDate: completionDate)
        guard includingSubtasks else { return result }
        var parents = [result.reminder.id]
        var seen: Set<String> = [result.reminder.id]
        while let parent = parents.popLast() {
            var subtasks = ReminderPredicate(completion: .incomplete)
            subtasks.parentID = parent
            for child in try reminders(matching: subtasks, sortedBy: .creationDate) where seen.insert(child.id).inserted {
                _ = try complete(id: child.id, completionDate: completionDate)
                parents.append(child.id)
            }
        }
        return result
    }
}
