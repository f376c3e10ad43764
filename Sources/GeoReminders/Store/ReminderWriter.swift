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
    private let insertAlarm, insertAlarmChunk, deleteAlarms: Statement

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
        insertReminder = try db.makeStatement(
            sql: """
                INSERT INTO reminder (listID, title, titleKey, notes, priority, priorityLevel, startDate,
                startTimeZone, dueDate, dueTimeZone, dueKey, isCompleted, completionDate, creationDate,
                lastModifiedDate, isLocationReminder, seriesID, recurrenceRules, url, parentID, tags, iCalendarExtras,
                creator, assignee, alarmsFor, id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO NOTHING
                """)
        updateReminder = try db.makeStatement(
            sql: """
                UPDATE reminder SET listID = ?, title = ?, titleKey = ?, notes = ?, priority = ?,
                priorityLevel = ?, startDate = ?, startTimeZone = ?, dueDate = ?, dueTimeZone = ?, dueKey = ?,
                isCompleted = ?, completionDate = ?, creationDate = ?, lastModifiedDate = ?,
                isLocationReminder = ?, seriesID = ?, recurrenceRules = ?, url = ?, parentID = ?, tags = ?,
                iCalendarExtras = ?, creator = ?, assignee = ?, alarmsFor = ? WHERE id = ?
                """)
        deleteReminder = try db.makeStatement(sql: "DELETE FROM reminder WHERE id = ?")
        insertAlarm = try db.makeStatement(sql: AlarmRow.insertSQL(rows: 1))
        insertAlarmChunk = try db.makeStatement(sql: AlarmRow.insertSQL(rows: AlarmRow.chunk))
        deleteAlarms = try db.makeStatement(sql: "DELETE FROM alarm WHERE reminderNumber = ?")
    }

    /// Saves one reminder and its alarms.
    func save(_ reminder: Reminder) throws {
        try apply([.save(reminder)])
    }

    /// Applies a batch's saves and removals in order. New reminders' alarms are gathered and
    /// written `AlarmRow.chunk` rows per INSERT: one statement per alarm cost several times
    /// what SQLite spends on the rows. Gathered rows are written before a removal (which could
    /// touch them) and before this returns; a reminder saved again in the batch drops the rows
    /// gathered for its earlier save, as its stored alarms are replaced.
    func apply(_ changes: [PendingChange]) throws {
        var gathered: [AlarmRow] = []
        gathered.reserveCapacity(AlarmRow.chunk)
        for change in changes {
            switch change {
            case let .save(reminder):
                let (number, replaced) = try saveRow(reminder)
                if replaced { gathered.removeAll { $0.reminderNumber == number } }
                for (position, alarm) in reminder.alarms.enumerated() {
                    gathered.append(AlarmRow(reminderNumber: number, position: position, alarm: alarm))
                }
                if gathered.count >= AlarmRow.chunk { try insertAlarms(&gathered, all: false) }
            case let .remove(id):
                try insertAlarms(&gathered, all: true)
                try remove(id: id)
            }
        }
        try insertAlarms(&gathered, all: true)
    }

    /// Inserts or updates the reminder's row (dropping the stored alarms of an existing one);
    /// returns its number and whether it existed.
    private func saveRow(_ reminder: Reminder) throws -> (number: Int64, replaced: Bool) {
        let listID = reminder.listID ?? defaultListID
        guard let list = lists[listID] else { throw StoreError.unknownList(id: listID) }
        if access == .writeOnly, listID != defaultListID {
            throw StoreError.accessDenied(operation: "save into a list other than the default one", access: access)
        }
        guard list.writable else { throw StoreError.readOnlyList(listID: listID, title: list.title) }
        // Insert first: a batch is mostly new reminders, and the conflict costs no extra lookup.
        let columns = try ReminderColumns(
            reminder, listID: listID, titleKey: titleFolder.folder.key(reminder.title),
            floatingZone: floatingZone)
        try insertReminder.run(columns.bind)
        if db.changesCount == 1 { return (db.lastInsertedRowID, false) }
        if access == .writeOnly {
            throw StoreError.accessDenied(operation: "change an existing reminder", access: access)
        }
        guard let stored = try Row.fetchOne(selectStored, arguments: [reminder.id]) else {
            throw StoreError.reminderNotFound(id: reminder.id)
        }
        try checkWritable(stored[1])
        let number: Int64 = stored[0]
        try deleteAlarms.execute(arguments: [number])
        try updateReminder.run(columns.bind)
        return (number, true)
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

    /// Writes gathered rows: whole chunks through the multi-row statement, then, with `all`,
    /// the rest one by one.
    private func insertAlarms(_ rows: inout [AlarmRow], all: Bool) throws {
        var start = 0
        while rows.count - start >= AlarmRow.chunk {
            let chunk = rows[start..<start + AlarmRow.chunk]
            try insertAlarmChunk.run { row in
                for alarmRow in chunk { try alarmRow.bind(&row) }
            }
            start += AlarmRow.chunk
        }
        if all {
            for alarmRow in rows[start...] { try insertAlarm.run(alarmRow.bind) }
            start = rows.count
        }
        rows.removeFirst(start)
    }
}
