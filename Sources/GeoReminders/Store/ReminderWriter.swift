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
    /// A class so that the folder's cache fills across `save` calls of one batch.
    private final class FolderBox {
        var folder: TitleSortKey.Folder
        init(_ keys: TitleSortKey) { folder = TitleSortKey.Folder(keys: keys) }
    }
    private let titleFolder: FolderBox
    /// The zone floating due dates are keyed in (`StoreConfiguration.floatingTimeZone`).
    private let floatingZone: TimeZone
    private let lists: [String: ListRule]
    private let defaultListID: String
    /// Prepared once per batch: looking up GRDB's statement cache hashes the SQL text each time.
    private let selectList, insertReminder, updateReminder, deleteReminder: Statement
    private let insertAlarm, deleteAlarms: Statement

    init(_ db: Database, access: AccessLevel, titleKeys: TitleSortKey, floatingZone: TimeZone) throws {
        self.db = db
        self.access = access
        self.floatingZone = floatingZone
        titleFolder = FolderBox(titleKeys)
        var lists: [String: ListRule] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, title, allowsContentModifications FROM list") {
            lists[row[0]] = ListRule(title: row[1], writable: row[2])
        }
        self.lists = lists
        defaultListID = try String.fetchOne(db, sql: "SELECT value FROM storeInfo WHERE key = 'defaultListID'") ?? ""
        selectList = try db.makeStatement(sql: "SELECT listID FROM reminder WHERE id = ?")
        insertReminder = try db.makeStatement(sql: """
            INSERT INTO reminder (listID, title, titleKey, notes, priority, priorityLevel, startDate,
            startTimeZone, dueDate, dueTimeZone, dueKey, isCompleted, completionDate, creationDate,
            lastModifiedDate, isLocationReminder, seriesID, recurrenceRules, id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO NOTHING
            """)
        updateReminder = try db.makeStatement(sql: """
            UPDATE reminder SET listID = ?, title = ?, titleKey = ?, notes = ?, priority = ?,
            priorityLevel = ?, startDate = ?, startTimeZone = ?, dueDate = ?, dueTimeZone = ?, dueKey = ?,
            isCompleted = ?, completionDate = ?, creationDate = ?, lastModifiedDate = ?,
            isLocationReminder = ?, seriesID = ?, recurrenceRules = ? WHERE id = ?
            """)
        deleteReminder = try db.makeStatement(sql: "DELETE FROM reminder WHERE id = ?")
        insertAlarm = try db.makeStatement(sql: """
            INSERT INTO alarm (id, reminderID, position, kind, absoluteDate, relativeOffset, locationTitle,
            latitude, longitude, radius, proximity, firedDate, acknowledgedDate)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        deleteAlarms = try db.makeStatement(sql: "DELETE FROM alarm WHERE reminderID = ?")
    }

    func save(_ reminder: Reminder) throws {
        let listID = reminder.listID ?? defaultListID
        guard let list = lists[listID] else { throw StoreError.unknownList(id: listID) }
        if access == .writeOnly, listID != defaultListID {
            throw StoreError.accessDenied(operation: "save into a list other than the default one", access: access)
        }
        guard list.writable else { throw StoreError.readOnlyList(listID: listID, title: list.title) }
        // Insert first: a batch is mostly new reminders, and the conflict costs no extra lookup.
        let values = try rowValues(reminder, listID: listID)
        try insertReminder.run(values)
        if db.changesCount == 0 {
            if access == .writeOnly {
                throw StoreError.accessDenied(operation: "change an existing reminder", access: access)
            }
            if let oldListID = try String.fetchOne(selectList, arguments: [reminder.id]) {
                try checkWritable(oldListID)
            }
            try deleteAlarms.execute(arguments: [reminder.id])
            try updateReminder.run(values)
        }
        try insertAlarms(reminder)
    }

    func remove(id: String) throws {
        guard let listID = try String.fetchOne(selectList, arguments: [id]) else {
            throw StoreError.reminderNotFound(id: id)
        }
        try checkWritable(listID)
        try deleteReminder.execute(arguments: [id])
    }

    private func checkWritable(_ listID: String) throws {
        if let list = lists[listID], !list.writable {
            throw StoreError.readOnlyList(listID: listID, title: list.title)
        }
    }

    /// The reminder's columns in the order of the INSERT and UPDATE statements, id last.
    /// Built as `DatabaseValue`s: arrays of optional existentials cost a box per column.
    private func rowValues(_ r: Reminder, listID: String) throws -> [DatabaseValue] {
        [listID.databaseValue, r.title.databaseValue, titleFolder.folder.key(r.title).databaseValue,
         r.notes?.databaseValue ?? .null, r.priority.databaseValue, r.priorityLevel.rawValue.databaseValue,
         r.startDate?.storageText.databaseValue ?? .null, r.startDate?.timeZone?.identifier.databaseValue ?? .null,
         r.dueDate?.storageText.databaseValue ?? .null, r.dueDate?.timeZone?.identifier.databaseValue ?? .null,
         r.dueDate?.sortKey(floatingZone: floatingZone).databaseValue ?? .null,
         r.isCompleted.databaseValue, r.completionDate?.timeIntervalSinceReferenceDate.databaseValue ?? .null,
         r.creationDate.timeIntervalSinceReferenceDate.databaseValue,
         r.lastModifiedDate.timeIntervalSinceReferenceDate.databaseValue,
         r.isLocationReminder.databaseValue, r.seriesID?.databaseValue ?? .null,
         try RecurrenceRuleStorage.text(r.recurrenceRules)?.databaseValue ?? .null, r.id.databaseValue]
    }

    private func insertAlarms(_ reminder: Reminder) throws {
        for (position, alarm) in reminder.alarms.enumerated() {
            var values: [DatabaseValue] = [alarm.id.databaseValue, reminder.id.databaseValue, position.databaseValue]
            values.reserveCapacity(13)
            switch alarm.trigger {
            case let .absolute(date):
                values += ["absolute".databaseValue, date.timeIntervalSinceReferenceDate.databaseValue,
                           .null, .null, .null, .null, .null, .null]
            case let .relative(offset):
                values += ["relative".databaseValue, .null, offset.databaseValue, .null, .null, .null, .null, .null]
            case let .location(location, proximity):
                values += ["location".databaseValue, .null, .null, location.title.databaseValue,
                           location.latitude.databaseValue, location.longitude.databaseValue,
                           location.radius.databaseValue, proximity.rawValue.databaseValue]
            }
            values += [alarm.firedDate?.timeIntervalSinceReferenceDate.databaseValue ?? .null,
                       alarm.acknowledgedDate?.timeIntervalSinceReferenceDate.databaseValue ?? .null]
            try insertAlarm.run(values)
        }
    }
}
