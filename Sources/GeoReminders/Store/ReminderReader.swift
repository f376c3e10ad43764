import Foundation
import GRDB

/// Reads reminders, then their alarms in a second query.
enum ReminderReader {
    static func fetch(_ db: Database, filter: ReminderFilter, order: String) throws -> [Reminder] {
        var reminders: [Reminder] = []
        var positions: [String: Int] = [:]
        positions.reserveCapacity(256)
        var zones = ZoneCache()
        try db.makeStatement(sql: """
            SELECT id, listID, title, notes, priority, startDate, startTimeZone, dueDate, dueTimeZone,
            isCompleted, completionDate, creationDate, lastModifiedDate, seriesID, recurrenceRules
            FROM reminder WHERE \(filter.sql) ORDER BY \(order)
            """).forEachRow(arguments: filter.arguments) { row in
            let id = row.text(0) ?? ""
            positions[id] = reminders.count
            reminders.append(Reminder(
                id: id, listID: row.text(1), title: row.text(2) ?? "", notes: row.text(3), priority: row.int(4),
                startDate: date(row, 5, &zones), dueDate: date(row, 7, &zones),
                isCompleted: row.bool(9), completionDate: instant(row.double(10)),
                creationDate: instant(row.double(11)) ?? .distantPast, lastModifiedDate: instant(row.double(12)),
                recurrenceRules: try RecurrenceRuleStorage.rules(row.text(14)), seriesID: row.text(13)))
        }
        guard !reminders.isEmpty else { return [] }
        // Alarms of exactly these reminders: their identifiers go in as one JSON array (hex and
        // dashes only, nothing to escape), so the filter and sort do not run again.
        let ids: StatementArguments = ["[\"" + reminders.map(\.id).joined(separator: "\",\"") + "\"]"]
        let scope = "reminderID IN (SELECT value FROM json_each(?))"
        try db.makeStatement(sql: """
            SELECT reminderID, id, kind, absoluteDate, relativeOffset, locationTitle, latitude, longitude,
            radius, proximity, firedDate, acknowledgedDate FROM alarm WHERE \(scope) ORDER BY reminderID, position
            """).forEachRow(arguments: ids) { row in
            guard let index = row.text(0).flatMap({ positions[$0] }), let alarm = alarm(row) else { return }
            reminders[index].alarms.append(alarm)
        }
        return reminders
    }

    private static func alarm(_ row: ColumnReader) -> Alarm? {
        let trigger: Alarm.Trigger
        switch row.text(2) {
        case "absolute":
            guard let date = instant(row.double(3)) else { return nil }
            trigger = .absolute(date: date)
        case "relative":
            trigger = .relative(offset: row.double(4) ?? 0)
        case "location":
            let location = StructuredLocation(title: row.text(5) ?? "", latitude: row.double(6) ?? 0,
                                              longitude: row.double(7) ?? 0, radius: row.double(8) ?? 0)
            trigger = .location(location: location, proximity: row.text(9).flatMap(Proximity.init(rawValue:)) ?? .none)
        default:
            return nil
        }
        return Alarm(id: row.text(1) ?? "", trigger: trigger, firedDate: instant(row.double(10)),
                     acknowledgedDate: instant(row.double(11)))
    }

    /// The date in column `index`, in the zone named in column `index + 1`.
    private static func date(_ row: ColumnReader, _ index: Int32, _ zones: inout ZoneCache) -> ReminderDate? {
        guard var date = row.reminderDate(index) else { return nil }
        if let zone = row.text(index + 1) {
            guard let timeZone = zones[zone] else { return nil }
            date.timeZone = timeZone
        }
        return date
    }

    /// Time zones by identifier: Foundation's lookup is slow next to reading a row.
    private struct ZoneCache {
        private var zones: [String: TimeZone] = [:]
        subscript(identifier: String) -> TimeZone? {
            mutating get {
                if let zone = zones[identifier] { return zone }
                let zone = TimeZone(identifier: identifier)
                zones[identifier] = zone
                return zone
            }
        }
    }

    private static func instant(_ seconds: Double?) -> Date? {
        seconds.map(Date.init(timeIntervalSinceReferenceDate:))
    }
}
