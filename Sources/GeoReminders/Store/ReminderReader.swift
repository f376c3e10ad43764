import CivilTime
import Foundation
import GRDB

/// Reads reminders, then their alarms in a second query.
enum ReminderReader {
    /// - Parameter unreadable: told of each row that cannot be read back; the row is left out.
    static func fetch(
        _ db: Database, filter: ReminderFilter, order: String,
        unreadable: (_ id: String, _ reason: String) -> Void = { _, _ in }
    ) throws -> [Reminder] {
        var unused: [Double?]?
        return try fetch(db, filter: filter, order: order, dueKeys: &unused, unreadable: unreadable)
    }

    /// Also collects each reminder's `dueKey` into `dueKeys` when it is not nil, for sorts done in Swift.
    static func fetch(
        _ db: Database, filter: ReminderFilter, order: String, dueKeys: inout [Double?]?,
        unreadable: (_ id: String, _ reason: String) -> Void = { _, _ in }
    ) throws -> [Reminder] {
        var reminders: [Reminder] = []
        var numbers: [Int] = []
        var zones = ZoneCache()
        try db.makeStatement(
            sql: """
                SELECT id, listID, title, notes, priority, startDate, startTimeZone, dueDate, dueTimeZone,
                isCompleted, completionDate, creationDate, lastModifiedDate, seriesID, recurrenceRules, number, dueKey,
                url, parentID, tags, iCalendarExtras, creator, assignee, alarmsFor
                FROM reminder WHERE \(filter.sql) ORDER BY \(order)
                """
        ).forEachRow(arguments: filter.arguments) { row in
            let rules: [RecurrenceRule]
            do {
                rules = try RecurrenceRuleStorage.rules(row.text(14))
            } catch {
                unreadable(row.text(0) ?? "", "its recurrence rule cannot be read (\(error))")
                return
            }
            numbers.append(row.int(15))
            dueKeys?.append(row.double(16))
            var reminder = Reminder(
                id: row.text(0) ?? "", listID: row.text(1), title: row.text(2) ?? "", notes: row.text(3), priority: row.int(4),
                startDate: date(row, 5, &zones), dueDate: date(row, 7, &zones),
                isCompleted: row.bool(9), completionDate: instant(row.double(10)),
                creationDate: instant(row.double(11)) ?? .distantPast, lastModifiedDate: instant(row.double(12)),
                recurrenceRules: rules, seriesID: row.text(13))
            reminder.url = row.text(17)
            reminder.parentID = row.text(18)
            reminder.tags = ReminderColumns.tags(row.text(19))
            reminder.iCalendarExtras = row.text(20)
            reminder.creator = row.text(21)
            reminder.assignee = row.text(22)
            reminder.alarmsFor = row.text(23).map(AlarmSubject.init(storageText:))
            reminders.append(reminder)
        }
        guard !reminders.isEmpty else { return [] }
        // Alarms of exactly these reminders: their numbers go in as one JSON array, whose keys
        // are the reminders' positions in the result.
        let listed = "[" + numbers.map(String.init).joined(separator: ",") + "]"
        try db.makeStatement(
            sql: """
                SELECT listed.key, alarm.id, kind, absoluteDate, relativeOffset, locationTitle, latitude, longitude,
                radius, proximity, firedDate, acknowledgedDate, area
                FROM json_each(?) AS listed JOIN alarm ON alarm.reminderNumber = listed.value
                ORDER BY listed.key, alarm.position
                """
        ).forEachRow(arguments: [listed]) { row in
            guard let alarm = alarm(row) else { return }
            reminders[row.int(0)].alarms.append(alarm)
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
            var location = StructuredLocation(
                title: row.text(5) ?? "", latitude: row.double(6) ?? 0,
                longitude: row.double(7) ?? 0, radius: row.double(8) ?? 0)
            if let area = row.text(12) {
                // Written from a checked area; one that no longer reads makes the alarm unreadable.
                guard let outline = try? PlaceArea(geoJSON: area) else { return nil }
                location.area = outline
            }
            trigger = .location(location: location, proximity: row.text(9).flatMap(Proximity.init(rawValue:)) ?? .none)
        default:
            return nil
        }
        return Alarm(
            id: row.text(1) ?? "", trigger: trigger, firedDate: instant(row.double(10)),
            acknowledgedDate: instant(row.double(11)))
    }

    /// The date in column `index`, in the zone named in column `index + 1`.
    private static func date(_ row: ColumnReader, _ index: Int32, _ zones: inout ZoneCache) -> CivilDateTime? {
        guard var date = row.civilDateTime(index) else { return nil }
        if let zone = row.text(index + 1) {
            guard let timeZone = zones[zone] else { return nil }
            date.timeZone = timeZone
        }
        return date
    }

    /// Time zones by identifier: Foundation's lookup is slow next to reading a row, and a store
    /// holds few zones, so a short list beats hashing.
    private struct ZoneCache {
        private var zones: [(identifier: String, zone: TimeZone?)] = []
        subscript(identifier: String) -> TimeZone? {
            mutating get {
                if let known = zones.first(where: { $0.identifier == identifier }) { return known.zone }
                let zone = TimeZone(identifier: identifier)
                zones.append((identifier, zone))
                return zone
            }
        }
    }

    private static func instant(_ seconds: Double?) -> Date? {
        seconds.map(Date.init(timeIntervalSinceReferenceDate:))
    }
}
