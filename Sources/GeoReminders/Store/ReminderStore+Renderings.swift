import Foundation
import GRDB

extension ReminderStore {
    /// Whether this store keeps renderings (``KeptRendering``): a store file does; a store in
    /// memory (a test's, or a working copy of PostgreSQL's rows) renders each time.
    public var keepsRenderings: Bool { path != nil }

    /// The reminders `predicate` matches, oldest first, each with its kept rendering if it has
    /// one, read in one transaction so a rendering always belongs to the reminder beside it.
    public func remindersWithRenderings(matching predicate: ReminderPredicate) throws -> [(Reminder, KeptRendering?)] {
        let database = try authorizedDatabase(for: "read reminders", allowedWith: [.full, .writeOnly])
        guard access == .full else { return [] }
        let filter = try ReminderFilter(predicate, titleKeys: titleKeys)
        return try database.read { db in
            let reminders = try ReminderReader.fetch(
                db, filter: filter, order: "creationDate, id", unreadable: configuration.unreadableReminder)
            var kept: [String: KeptRendering] = [:]
            kept.reserveCapacity(reminders.count)
            try db.makeStatement(
                sql: """
                    SELECT id, renderContext, renderName, renderTag, renderBytes
                    FROM keptRendering JOIN reminder ON number = reminderNumber WHERE \(filter.sql)
                    """
            ).forEachRow(arguments: filter.arguments) { row in
                kept[row.text(0) ?? ""] = KeptRendering(
                    context: row.text(1) ?? "", name: row.text(2) ?? "", tag: row.text(3) ?? "", bytes: row.bytes(4))
            }
            return reminders.map { ($0, kept[$0.id]) }
        }
    }

    /// Keeps renderings made from `made`'s reminders, each only if its reminder is still stored
    /// exactly as it was rendered (a change made since must not be hidden behind old bytes).
    /// A store that cannot be written (read-only) keeps nothing, which costs only speed.
    public func keepRenderings(_ made: [(Reminder, KeptRendering)]) {
        guard keepsRenderings, access == .full, let database, !made.isEmpty else { return }
        _ = try? database.write { db in
            let ids = "[" + made.map { "\"" + $0.0.id + "\"" }.joined(separator: ",") + "]"
            let filter = ReminderFilter(sql: "id IN (SELECT value FROM json_each(?))", arguments: [ids])
            var stored: [String: Reminder] = [:]
            for reminder in try ReminderReader.fetch(db, filter: filter, order: "number") { stored[reminder.id] = reminder }
            let insert = try db.makeStatement(
                sql: """
                    INSERT OR REPLACE INTO keptRendering (reminderNumber, renderContext, renderName, renderTag, renderBytes)
                    SELECT number, ?, ?, ?, ? FROM reminder WHERE id = ?
                    """)
            for (reminder, rendering) in made where stored[reminder.id] == reminder {
                try insert.execute(
                    arguments: [rendering.context, rendering.name, rendering.tag, Data(rendering.bytes), reminder.id])
            }
        }
    }
}
