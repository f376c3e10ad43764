import Foundation
import GRDB

extension ReminderStore {
    /// The reminders `predicate` matches, sorted. Write-only access reads nothing.
    public func reminders(matching predicate: ReminderPredicate = ReminderPredicate(),
                          sortedBy sort: ReminderSort = .creationDate, descending: Bool = false) throws -> [Reminder] {
        let database = try authorizedDatabase(for: "read reminders", allowedWith: [.full, .writeOnly])
        guard access == .full else { return [] }
        let filter = try ReminderFilter(predicate, titleKeys: titleKeys)
        let direction = descending ? "DESC" : "ASC"
        let order = switch sort {
        case .creationDate: "creationDate \(direction), id \(direction)"
        case .dueDate: "dueKey IS NULL, dueKey \(direction), creationDate \(direction), id \(direction)"
        case .title: "titleKey \(direction), creationDate \(direction), id \(direction)"
        case .priority:
            // No priority (0) sorts after low (9): rank it 10.
            "CASE priority WHEN 0 THEN 10 ELSE priority END \(direction), dueKey IS NULL, "
                + "dueKey \(direction), creationDate \(direction), id \(direction)"
        }
        var reminders = try database.read { db in
            try ReminderReader.fetch(db, filter: filter, order: order)
        }
        if let range = predicate.dueRange {
            // SQL selected a range widened by the largest zone offsets; keep the exact matches.
            let zone = configuration.floatingTimeZone
            reminders.removeAll { reminder in
                guard let due = reminder.dueDate else { return true }
                return !range.contains(due.instant(floatingZone: zone))
            }
        }
        return reminders
    }

    /// The reminder with this identifier, or nil. Write-only access reads nil.
    public func reminder(id: String) throws -> Reminder? {
        let database = try authorizedDatabase(for: "read reminders", allowedWith: [.full, .writeOnly])
        guard access == .full, let canonical = try? Reminder.canonicalIdentifier(id) else { return nil }
        let filter = ReminderFilter(sql: "id = ?", arguments: [canonical])
        return try database.read { db in
            try ReminderReader.fetch(db, filter: filter, order: "id").first
        }
    }

    /// The one reminder whose identifier starts with `prefix` (any case), as git resolves
    /// abbreviated commit names.
    public func reminder(idPrefix prefix: String) throws -> Reminder {
        let database = try authorizedDatabase(for: "read reminders", allowedWith: [.full, .writeOnly])
        let lowered = prefix.lowercased()
        guard access == .full, !lowered.isEmpty,
              lowered.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || $0 == 45 }) else {
            throw StoreError.noReminderMatches(prefix: prefix)
        }
        // Identifiers are ASCII hex and '-', all below '~': the range is exactly the prefix's.
        let matches = try database.read { db in
            try String.fetchAll(db, sql: "SELECT id FROM reminder WHERE id >= ? AND id < ? ORDER BY id LIMIT 6",
                                arguments: [lowered, lowered + "~"])
        }
        switch matches.count {
        case 0: throw StoreError.noReminderMatches(prefix: prefix)
        case 1: break
        default: throw StoreError.ambiguousPrefix(prefix: prefix, matches: Array(matches.prefix(5)))
        }
        guard let reminder = try reminder(id: matches[0]) else { throw StoreError.noReminderMatches(prefix: prefix) }
        return reminder
    }
}
