import Foundation
import GRDB

/// What iCalendar import needs from the store: reading reminders by identifier in bulk, and
/// writing reminders as a file gives them — creation and modification dates kept, not stamped
/// — with the lists they need, all in one transaction.
extension ReminderStore {
    /// The reminders with these identifiers (canonical form) that exist, in no order.
    func reminders(ids: [String]) throws -> [Reminder] {
        let database = try authorizedDatabase(for: "read reminders")
        var found: [Reminder] = []
        // SQLite allows 32766 variables per statement; stay well below.
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = Array(ids[start..<min(start + 500, ids.count)])
            let filter = ReminderFilter(
                sql: "id IN (\(chunk.map { _ in "?" }.joined(separator: ", ")))",
                arguments: StatementArguments(chunk))
            found += try database.read { db in
                try ReminderReader.fetch(db, filter: filter, order: "id", unreadable: configuration.unreadableReminder)
            }
        }
        return found
    }

    /// Creates `lists`, then saves `reminders` exactly as given (validated, dates kept), in one
    /// transaction: on any failure nothing is written. Held `commit: false` changes stay held.
    /// - Parameter keeping: what to keep with the reminders `ids` as stored (``KeptResource``).
    func writeInterchange(
        lists: [ReminderList], reminders: [Reminder], owner: String = Account.firstName,
        keeping: (make: (Reminder, [ReminderList]) -> KeptResource, ids: [String])? = nil
    ) throws {
        let database = try authorizedDatabase(for: "import reminders")
        let validLists = try lists.map { list throws(ReminderError) in try list.validated() }
        let validReminders = try reminders.map { reminder throws(ReminderError) in try reminder.validated() }
        let created = configuration.now().timeIntervalSinceReferenceDate
        try database.write { db in
            for list in validLists {
                try db.execute(
                    sql: "INSERT INTO list VALUES (?, ?, ?, ?, ?)",
                    arguments: [list.id, list.title, list.colour, list.allowsContentModifications, created])
                try db.execute(
                    sql: "INSERT INTO listMember (listID, account, role) VALUES (?, ?, 'owner')", arguments: [list.id, owner])
            }
            let writer = try ReminderWriter(db, access: access, titleKeys: titleKeys, floatingZone: configuration.floatingTimeZone)
            try writer.apply(validReminders.map(PendingChange.save))
            if let keeping { try keep(keeping.ids, keeping.make, db) }
        }
        observers.notify(.reminders)
    }
}
