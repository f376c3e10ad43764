import Foundation
import GRDB

extension ReminderStore {
    /// Whether this store keeps renderings (``KeptRendering``): a store file does; a store in
    /// memory (a test's, or a working copy of PostgreSQL's rows) renders each time.
    public var keepsRenderings: Bool { path != nil }

    /// The reminders `predicate` matches, oldest first, each with its kept rendering if it has
    /// one (and the rendering's bytes only with `bytes`), read in one statement so a rendering
    /// always belongs to the reminder beside it.
    public func listedReminders(matching predicate: ReminderPredicate, bytes: Bool) throws -> [ListedReminder] {
        let database = try authorizedDatabase(for: "read reminders", allowedWith: [.full, .writeOnly])
        guard access == .full else { return [] }
        let filter = try ReminderFilter(predicate, titleKeys: titleKeys)
        return try database.read { db in
            var listed: [ListedReminder] = []
            try db.makeStatement(
                sql: """
                    SELECT id, listID, lastModifiedDate, renderContext, renderName, renderTag, \(bytes ? "renderBytes" : "NULL")
                    FROM reminder LEFT JOIN keptRendering ON reminderNumber = number
                    WHERE \(filter.sql) ORDER BY creationDate, id
                    """
            ).forEachRow(arguments: filter.arguments) { row in
                let kept =
                    row.isNull(3)
                    ? nil
                    : KeptRendering(
                        context: row.text(3) ?? "", name: row.text(4) ?? "", tag: row.text(5) ?? "", bytes: row.bytes(6))
                listed.append(
                    ListedReminder(
                        id: row.text(0) ?? "", listID: row.text(1),
                        lastModifiedDate: Date(timeIntervalSinceReferenceDate: row.double(2) ?? 0), kept: kept))
            }
            return listed
        }
    }

    /// The whole reminders with these identifiers that exist, by identifier.
    public func remindersByID(_ ids: [String]) throws -> [String: Reminder] {
        Dictionary(try reminders(ids: ids).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
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
            for (reminder, rendering) in made where stored[reminder.id] == reminder {
                try Self.insertKept(rendering, reminderID: reminder.id, db)
            }
        }
    }

    /// Makes what to keep with the stored reminders `ids` (``KeptResource``) and keeps it, inside
    /// the transaction that wrote them: the rendering where this store keeps renderings, the
    /// client copy on every store.
    func keep(_ ids: [String], _ make: (Reminder, [ReminderList]) -> KeptResource, _ db: Database) throws {
        let lists = try Self.lists(db)
        let listed = "[" + ids.map { "\"" + $0 + "\"" }.joined(separator: ",") + "]"
        let filter = ReminderFilter(sql: "id IN (SELECT value FROM json_each(?))", arguments: [listed])
        for reminder in try ReminderReader.fetch(db, filter: filter, order: "number") {
            let kept = make(reminder, lists)
            if keepsRenderings { try Self.insertKept(kept.rendering, reminderID: reminder.id, db) }
            try Self.keepClientCopy(kept.clientCopy, reminderID: reminder.id, db)
        }
    }

    private static func insertKept(_ rendering: KeptRendering, reminderID: String, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO keptRendering (reminderNumber, renderContext, renderName, renderTag, renderBytes)
                SELECT number, ?, ?, ?, ? FROM reminder WHERE id = ?
                """
        ).execute(arguments: [rendering.context, rendering.name, rendering.tag, Data(rendering.bytes), reminderID])
    }
}
