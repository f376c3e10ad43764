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
    private let selectStored, insertReminder, updateReminder, deleteReminder: Statement
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
        selectStored = try db.makeStatement(sql: "SELECT number, listID FROM reminder WHERE id = ?")
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
            INSERT INTO alarm (id, reminderNumber, position, kind, absoluteDate, relativeOffset, locationTitle,
            latitude, longitude, radius, proximity, firedDate, acknowledgedDate)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        deleteAlarms = try db.makeStatement(sql: "DELETE FROM alarm WHERE reminderNumber = ?")
    }

    func save(_ reminder: Reminder) throws {
        let listID = reminder.listID ?? defaultListID
        guard let list = lists[listID] else { throw StoreError.unknownList(id: listID) }
        if access == .writeOnly, listID != defaultListID {
            throw StoreError.accessDenied(operation: "save into a list other than the default one", access: access)
        }
        guard list.writable else { throw StoreError.readOnlyList(listID: listID, title: list.title) }
        // Insert first: a batch is mostly new reminders, and the conflict costs no extra lookup.
        let columns = try ReminderColumns(reminder, listID: listID, titleKey: titleFolder.folder.key(reminder.title),
                                          floatingZone: floatingZone)
        try insertReminder.run(columns.bind)
        var number = db.lastInsertedRowID
        if db.changesCount == 0 {
            if access == .writeOnly {
                throw StoreError.accessDenied(operation: "change an existing reminder", access: access)
            }
            guard let stored = try Row.fetchOne(selectStored, arguments: [reminder.id]) else {
                throw StoreError.reminderNotFound(id: reminder.id)
            }
            try checkWritable(stored[1])
            number = stored[0]
            try deleteAlarms.execute(arguments: [number])
            try updateReminder.run(columns.bind)
        }
        try insertAlarms(reminder.alarms, reminderNumber: number)
    }

    func remove(id: String) throws {
        guard let stored = try Row.fetchOne(selectStored, arguments: [id]) else {
            throw StoreError.reminderNotFound(id: id)
        }
        try checkWritable(stored[1])
        try deleteReminder.execute(arguments: [id])
    }

    private func checkWritable(_ listID: String) throws {
        if let list = lists[listID], !list.writable {
            throw StoreError.readOnlyList(listID: listID, title: list.title)
        }
    }

    private func insertAlarms(_ alarms: [Alarm], reminderNumber: Int64) throws {
        for (position, alarm) in alarms.enumerated() {
            try insertAlarm.run { row in
                try row.bind(alarm.id)
                try row.bind(reminderNumber)
                try row.bind(position)
                switch alarm.trigger {
                case let .absolute(date):
                    try row.bind("absolute")
                    try row.bind(date)
                    for _ in 0..<6 { try row.bind(nil as Double?) }
                case let .relative(offset):
                    try row.bind("relative")
                    try row.bind(nil as Double?)
                    try row.bind(offset)
                    for _ in 0..<5 { try row.bind(nil as Double?) }
                case let .location(location, proximity):
                    try row.bind("location")
                    try row.bind(nil as Double?)
                    try row.bind(nil as Double?)
                    try row.bind(location.title)
                    try row.bind(location.latitude)
                    try row.bind(location.longitude)
                    try row.bind(location.radius)
                    try row.bind(proximity.rawValue)
                }
                try row.bind(alarm.firedDate)
                try row.bind(alarm.acknowledgedDate)
            }
        }
    }
}
