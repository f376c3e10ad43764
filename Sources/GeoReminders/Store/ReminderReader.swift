import Foundation
import GRDB

/// Reads reminders with their alarms and recurrence rules: one query per table.
enum ReminderReader {
    static func fetch(_ db: Database, filter: ReminderFilter, order: String) throws -> [Reminder] {
        var reminders: [Reminder] = []
        var positions: [String: Int] = [:]
        var zones = ZoneCache()
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, listID, title, notes, priority, startDate, startTimeZone, dueDate, dueTimeZone,
            isCompleted, completionDate, creationDate, lastModifiedDate, seriesID
            FROM reminder WHERE \(filter.sql) ORDER BY \(order)
            """, arguments: filter.arguments)
        while let row = try rows.next() {
            let id: String = row[0]
            positions[id] = reminders.count
            reminders.append(Reminder(
                id: id, listID: row[1], title: row[2], notes: row[3], priority: row[4],
                startDate: date(row[5], row[6], &zones), dueDate: date(row[7], row[8], &zones),
                isCompleted: row[9], completionDate: instant(row[10]),
                creationDate: instant(row[11]) ?? .distantPast, lastModifiedDate: instant(row[12]),
                seriesID: row[13]))
        }
        guard !reminders.isEmpty else { return [] }
        let scope = "reminderID IN (SELECT id FROM reminder WHERE \(filter.sql))"
        let alarms = try Row.fetchCursor(db, sql: """
            SELECT reminderID, id, kind, absoluteDate, relativeOffset, locationTitle, latitude, longitude,
            radius, proximity, firedDate, acknowledgedDate FROM alarm WHERE \(scope) ORDER BY reminderID, position
            """, arguments: filter.arguments)
        while let row = try alarms.next() {
            guard let index = positions[row[0]], let alarm = alarm(row) else { continue }
            reminders[index].alarms.append(alarm)
        }
        let rules = try Row.fetchCursor(db, sql: """
            SELECT reminderID, rrule, fromCompletion FROM recurrenceRule WHERE \(scope) ORDER BY reminderID, position
            """, arguments: filter.arguments)
        while let row = try rules.next() {
            guard let index = positions[row[0]] else { continue }
            reminders[index].recurrenceRules.append(try RecurrenceRule(rrule: row[1], fromCompletion: row[2]))
        }
        return reminders
    }

    private static func alarm(_ row: Row) -> Alarm? {
        let trigger: Alarm.Trigger
        switch row[2] as String {
        case "absolute":
            guard let date = instant(row[3]) else { return nil }
            trigger = .absolute(date: date)
        case "relative":
            trigger = .relative(offset: row[4])
        case "location":
            let location = StructuredLocation(title: row[5], latitude: row[6], longitude: row[7], radius: row[8])
            trigger = .location(location: location, proximity: Proximity(rawValue: row[9]) ?? .none)
        default:
            return nil
        }
        return Alarm(id: row[1], trigger: trigger, firedDate: instant(row[10]), acknowledgedDate: instant(row[11]))
    }

    private static func date(_ text: String?, _ zone: String?, _ zones: inout ZoneCache) -> ReminderDate? {
        guard let text, var date = ReminderDate(storageText: text, timeZoneIdentifier: nil) else { return nil }
        if let zone {
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
