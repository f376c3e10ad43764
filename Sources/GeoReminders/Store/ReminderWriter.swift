import Foundation
import GRDB

/// Writes reminders inside one transaction, enforcing the rules that need the database:
/// the list exists and allows changes, and write-only access only creates in the default list.
struct ReminderWriter {
    private struct ListRule {
        var title: String
        var writable: Bool
    }

    private let db: Database
    private let access: AccessLevel
    private let titleKeys: TitleSortKey
    private let lists: [String: ListRule]
    private let defaultListID: String

    init(_ db: Database, access: AccessLevel, titleKeys: TitleSortKey) throws {
        self.db = db
        self.access = access
        self.titleKeys = titleKeys
        var lists: [String: ListRule] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, title, allowsContentModifications FROM list") {
            lists[row[0]] = ListRule(title: row[1], writable: row[2])
        }
        self.lists = lists
        defaultListID = try String.fetchOne(db, sql: "SELECT value FROM storeInfo WHERE key = 'defaultListID'") ?? ""
    }

    func save(_ reminder: Reminder) throws {
        let listID = reminder.listID ?? defaultListID
        guard let list = lists[listID] else { throw StoreError.unknownList(id: listID) }
        if access == .writeOnly, listID != defaultListID {
            throw StoreError.accessDenied(operation: "save into a list other than the default one", access: access)
        }
        guard list.writable else { throw StoreError.readOnlyList(listID: listID, title: list.title) }
        let oldListID = try String.fetchOne(
            db.cachedStatement(sql: "SELECT listID FROM reminder WHERE id = ?"), arguments: [reminder.id])
        let values = rowValues(reminder, listID: listID)
        if let oldListID {
            if access == .writeOnly {
                throw StoreError.accessDenied(operation: "change an existing reminder", access: access)
            }
            try checkWritable(oldListID)
            try db.cachedStatement(sql: "DELETE FROM alarm WHERE reminderID = ?").execute(arguments: [reminder.id])
            try db.cachedStatement(sql: "DELETE FROM recurrenceRule WHERE reminderID = ?").execute(arguments: [reminder.id])
            try db.cachedStatement(sql: """
                UPDATE reminder SET listID = ?, title = ?, titleKey = ?, notes = ?, priority = ?,
                priorityLevel = ?, startDate = ?, startTimeZone = ?, dueDate = ?, dueTimeZone = ?, dueKey = ?,
                isCompleted = ?, completionDate = ?, creationDate = ?, lastModifiedDate = ?,
                isLocationReminder = ?, seriesID = ? WHERE id = ?
                """).execute(arguments: StatementArguments(values + [reminder.id]))
        } else {
            try db.cachedStatement(sql: """
                INSERT INTO reminder (listID, title, titleKey, notes, priority, priorityLevel, startDate,
                startTimeZone, dueDate, dueTimeZone, dueKey, isCompleted, completionDate, creationDate,
                lastModifiedDate, isLocationReminder, seriesID, id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: StatementArguments(values + [reminder.id]))
        }
        try insertAlarms(reminder)
        if !reminder.recurrenceRules.isEmpty {
            let insert = try db.cachedStatement(sql: "INSERT INTO recurrenceRule VALUES (?, ?, ?, ?)")
            for (position, rule) in reminder.recurrenceRules.enumerated() {
                try insert.execute(arguments: [reminder.id, position, rule.rrule, rule.fromCompletion])
            }
        }
    }

    func remove(id: String) throws {
        guard let listID = try String.fetchOne(
            db.cachedStatement(sql: "SELECT listID FROM reminder WHERE id = ?"), arguments: [id]) else {
            throw StoreError.reminderNotFound(id: id)
        }
        try checkWritable(listID)
        try db.cachedStatement(sql: "DELETE FROM reminder WHERE id = ?").execute(arguments: [id])
    }

    private func checkWritable(_ listID: String) throws {
        if let list = lists[listID], !list.writable {
            throw StoreError.readOnlyList(listID: listID, title: list.title)
        }
    }

    /// The reminder's columns in the order of the INSERT and UPDATE statements, id excluded.
    private func rowValues(_ r: Reminder, listID: String) -> [(any DatabaseValueConvertible)?] {
        [listID, r.title, titleKeys.key(r.title), r.notes, r.priority, r.priorityLevel.rawValue,
         r.startDate?.storageText, r.startDate?.timeZone?.identifier,
         r.dueDate?.storageText, r.dueDate?.timeZone?.identifier, r.dueDate?.sortKey,
         r.isCompleted, r.completionDate?.timeIntervalSinceReferenceDate,
         r.creationDate.timeIntervalSinceReferenceDate, r.lastModifiedDate.timeIntervalSinceReferenceDate,
         r.isLocationReminder, r.seriesID]
    }

    private func insertAlarms(_ reminder: Reminder) throws {
        guard !reminder.alarms.isEmpty else { return }
        let insert = try db.cachedStatement(sql: """
            INSERT INTO alarm (id, reminderID, position, kind, absoluteDate, relativeOffset, locationTitle,
            latitude, longitude, radius, proximity, firedDate, acknowledgedDate)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, alarm) in reminder.alarms.enumerated() {
            var values: [(any DatabaseValueConvertible)?] = [alarm.id, reminder.id, position]
            switch alarm.trigger {
            case let .absolute(date):
                values += ["absolute", date.timeIntervalSinceReferenceDate, nil, nil, nil, nil, nil, nil]
            case let .relative(offset):
                values += ["relative", nil, offset, nil, nil, nil, nil, nil]
            case let .location(location, proximity):
                values += ["location", nil, nil, location.title, location.latitude, location.longitude,
                           location.radius, proximity.rawValue]
            }
            values += [alarm.firedDate?.timeIntervalSinceReferenceDate,
                       alarm.acknowledgedDate?.timeIntervalSinceReferenceDate]
            try insert.execute(arguments: StatementArguments(values))
        }
    }
}
