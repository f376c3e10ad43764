import Foundation
import GRDB

extension ReminderStore {
    /// The reminders `predicate` matches, sorted. Write-only access reads nothing.
    public func reminders(
        matching predicate: ReminderPredicate = ReminderPredicate(),
        sortedBy sort: ReminderSort = .creationDate, descending: Bool = false
    ) throws -> [Reminder] {
        let database = try authorizedDatabase(for: "read reminders", allowedWith: [.full, .writeOnly])
        guard access == .full else { return [] }
        let filter = try ReminderFilter(predicate, titleKeys: titleKeys)
        let direction = descending ? "DESC" : "ASC"
        let order =
            switch sort {
            case .creationDate: "creationDate \(direction), id \(direction)"
            case .dueDate: "dueKey IS NULL, dueKey \(direction), creationDate \(direction), id \(direction)"
            case .title: "titleKey \(direction), creationDate \(direction), id \(direction)"
            case .priority:
                // Read in creation order (an index walk), then ordered in Swift by rank and due date:
                // SQLite's sorter would carry whole rows, doubling the time of a large listing.
                "creationDate \(direction), id \(direction)"
            }
        var dueKeys: [Double?]? = sort == .priority ? [] : nil
        var reminders = try database.read { db in
            try ReminderReader.fetch(
                db, filter: filter, order: order, dueKeys: &dueKeys,
                unreadable: configuration.unreadableReminder)
        }
        if let dueKeys { reminders = Self.sortedByPriority(reminders, dueKeys: dueKeys, descending: descending) }
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

    /// High, medium, low, none (no priority, 0, ranks as 10), by raw value; then by `dueKey` with
    /// none last; `reminders` come in creation order (the direction's), which breaks the remaining ties.
    static func sortedByPriority(_ reminders: [Reminder], dueKeys: [Double?], descending: Bool) -> [Reminder] {
        var keys: [(rank: Int, due: Double, hasDue: Bool, position: Int)] = []
        keys.reserveCapacity(reminders.count)
        for (position, reminder) in reminders.enumerated() {
            let rank = reminder.priority == 0 ? 10 : reminder.priority
            keys.append(
                (
                    descending ? -rank : rank, descending ? -(dueKeys[position] ?? 0) : dueKeys[position] ?? 0,
                    dueKeys[position] != nil, position
                ))
        }
        keys.sort { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.hasDue != b.hasDue { return a.hasDue }
            if a.due != b.due { return a.due < b.due }
            return a.position < b.position
        }
        return keys.map { reminders[$0.position] }
    }

    /// The reminder with this identifier, or nil. Write-only access reads nil.
    public func reminder(id: String) throws -> Reminder? {
        let database = try authorizedDatabase(for: "read reminders", allowedWith: [.full, .writeOnly])
        guard access == .full, let canonical = try? Reminder.canonicalIdentifier(id) else { return nil }
        let filter = ReminderFilter(sql: "id = ?", arguments: [canonical])
        return try database.read { db in
            try ReminderReader.fetch(db, filter: filter, order: "id", unreadable: configuration.unreadableReminder).first
        }
    }

    /// The list a reminder is in, read without reading the reminder (which may not read back).
    public func listID(ofReminder id: String) throws -> String? {
        let database = try authorizedDatabase(for: "read reminders", allowedWith: [.full, .writeOnly])
        return try database.read { db in try String.fetchOne(db, sql: "SELECT listID FROM reminder WHERE id = ?", arguments: [id]) }
    }

    /// The one reminder whose identifier starts with `prefix` (any case), as git resolves
    /// abbreviated commit names.
    public func reminder(idPrefix prefix: String, visibleTo account: String? = nil) throws -> Reminder {
        let id = try reminderID(idPrefix: prefix, visibleTo: account)
        guard let reminder = try reminder(id: id) else { throw StoreError.unreadableReminder(id: id) }
        return reminder
    }

    /// The identifier of the one reminder whose identifier starts with `prefix`, without reading
    /// the reminder: a row that cannot be read back can still be named, and removed.
    /// - Parameter account: when given, only reminders of lists it is a member of match: another
    ///   account's reminder is as missing.
    public func reminderID(idPrefix prefix: String, visibleTo account: String? = nil) throws -> String {
        let database = try authorizedDatabase(for: "read reminders", allowedWith: [.full, .writeOnly])
        let lowered = prefix.lowercased()
        guard access == .full, !lowered.isEmpty,
            lowered.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || $0 == 45 })
        else {
            throw StoreError.noReminderMatches(prefix: prefix)
        }
        // Identifiers are ASCII hex and '-', all below '~': the range is exactly the prefix's.
        let matches = try database.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT id FROM reminder WHERE id >= ? AND id < ?
                    \(account == nil ? "" : "AND listID IN (SELECT listID FROM listMember WHERE account = ?)")
                    ORDER BY id LIMIT 6
                    """,
                arguments: StatementArguments([lowered, lowered + "~"] + (account.map { [$0] } ?? [])))
        }
        switch matches.count {
        case 0: throw StoreError.noReminderMatches(prefix: prefix)
        case 1: return matches[0]
        default: throw StoreError.ambiguousPrefix(prefix: prefix, matches: Array(matches.prefix(5)))
        }
    }
}
