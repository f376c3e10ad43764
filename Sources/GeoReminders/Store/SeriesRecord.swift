import CivilTime
import Foundation
import GRDB

/// A row of `recurrenceSeries`: where a series began and which reminder is its live one.
///
/// The start holds while the live reminder keeps the rules it was recorded with and (for rules
/// counted from the due date) stays on their grid; an edit that breaks either restarts the series
/// at the live due date.
struct SeriesRecord: Equatable {
    var id: String
    var liveReminderID: String
    var start: CivilDateTime
    /// `RecurrenceRuleStorage` text of the rules the start belongs to.
    var rulesText: String

    static func fetch(_ db: Database, id: String) throws -> SeriesRecord? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT liveReminderID, startDate, startTimeZone, recurrenceRules FROM recurrenceSeries WHERE id = ?
                    """, arguments: [id]),
            let start = CivilDateTime(storageText: row[1], timeZoneIdentifier: row[2])
        else { return nil }
        return SeriesRecord(id: id, liveReminderID: row[0], start: start, rulesText: row[3])
    }

    func save(_ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO recurrenceSeries VALUES (?, ?, ?, ?, ?)",
            arguments: [id, liveReminderID, start.storageText, start.timeZone?.identifier, rulesText])
    }

    static func delete(_ db: Database, id: String) throws {
        try db.execute(sql: "DELETE FROM recurrenceSeries WHERE id = ?", arguments: [id])
    }

    /// The series `live` belongs to, starting over at its due date when it left the recorded one.
    static func current(_ db: Database, for live: Reminder, due: CivilDateTime, floatingZone: TimeZone) throws -> SeriesRecord {
        let id = live.seriesID ?? live.id
        let rulesText = try RecurrenceRuleStorage.text(live.recurrenceRules) ?? ""
        if let record = try fetch(db, id: id), record.rulesText == rulesText,
            record.isOnGrid(due, rules: live.recurrenceRules, floatingZone: floatingZone)
        {
            return SeriesRecord(id: id, liveReminderID: live.id, start: record.start, rulesText: rulesText)
        }
        return SeriesRecord(id: id, liveReminderID: live.id, start: due, rulesText: rulesText)
    }

    /// True when `due` is an occurrence of a grid rule from `start` (from-completion rules leave
    /// the grid by design).
    private func isOnGrid(_ due: CivilDateTime, rules: [RecurrenceRule], floatingZone: TimeZone) -> Bool {
        if due == start { return true }
        let dueInstant = due.instant(floatingZone: floatingZone)
        let grid = rules.filter { !$0.fromCompletion }
        return grid.isEmpty
            || grid.contains { rule in
                for occurrence in rule.occurrences(from: start) {
                    if occurrence == due { return true }
                    if occurrence.instant(floatingZone: floatingZone) > dueInstant { return false }
                }
                return false
            }
    }
}
