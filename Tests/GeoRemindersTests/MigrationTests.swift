import CivilTime
import Foundation
import GRDB
import TestSupport
import Testing

@testable import GeoReminders

@Suite struct MigrationTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/store")
    static let v1Fixture = fixtures.appendingPathComponent("store-v1.sqlite")

    /// A copy of a fixture in a fresh directory: opening migrates the file in place.
    static func copy(_ fixture: URL) throws -> String {
        let path = try temporaryDirectory().appendingPathComponent(fixture.lastPathComponent).path
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        return path
    }

    @Test func aFileOfTheFirstSchemaOpensWithItsData() throws {
        let path = try Self.copy(Self.v1Fixture)
        let store = try ReminderStore(path: path, configuration: configuration())
        #expect(try store.lists().map(\.title) == ["Reminders", "Errands"])
        let reminder = try #require(try store.reminder(id: uuid(1)))
        #expect(
            reminder
                == Reminder(
                    id: uuid(1), listID: uuid(100), title: "Buy bread", notes: "wholemeal", priority: 5,
                    dueDate: CivilDateTime(year: 2025, month: 6, day: 1, time: TimeOfDay(hour: 18, minute: 0), timeZone: paris),
                    creationDate: date(770_000_000), lastModifiedDate: date(770_000_100),
                    recurrenceRules: [try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=SA")],
                    alarms: [
                        Alarm(
                            id: uuid(11),
                            trigger: .location(
                                location: StructuredLocation(title: "Bakery", latitude: 48.85, longitude: 2.35, radius: 0),
                                proximity: .enter))
                    ]))
        // The columns and table the second migration added work on the old data.
        try store.setAlarmState(reminderID: uuid(1), alarmID: uuid(11), firedDate: date(1), acknowledgedDate: nil)
        #expect(try store.reminder(id: uuid(1))?.alarms.first?.firedDate == date(1))
        try store.saveEngineState(Data([7]), forKey: "engine")
        let applied = try store.database!.read { db in try StoreSchema.migrator.appliedIdentifiers(db) }
        #expect(applied == Set(StoreSchema.migrationNames))
    }

    /// The fourth migration rebuilds `reminder` and `alarm` around integer reminder numbers:
    /// every reminder keeps its fields, and every alarm its reminder, position and fired state,
    /// even where rowids have gaps and alarms were written out of order.
    @Test func aFileOfTheThirdSchemaKeepsItsAlarmsWithTheirReminders() throws {
        let path = try temporaryDirectory().appendingPathComponent("v3.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: "v3-recurrence-series")
        try queue.write { db in
            let listID = try String.fetchOne(db, sql: "SELECT value FROM storeInfo WHERE key = 'defaultListID'")!
            for n in 1...4 {
                try db.execute(
                    sql: """
                        INSERT INTO reminder (id, listID, title, titleKey, priority, priorityLevel, isCompleted,
                        creationDate, lastModifiedDate, isLocationReminder) VALUES (?, ?, ?, ?, 1, 'high', 0, ?, ?, ?)
                        """, arguments: [uuid(n), listID, "R\(n)", "r\(n)", Double(n), Double(n), n == 3])
            }
            try db.execute(sql: "DELETE FROM reminder WHERE id = ?", arguments: [uuid(2)])
            // Alarms written newest reminder first and positions out of order.
            try db.execute(
                sql: """
                    INSERT INTO alarm (reminderID, position, id, kind, relativeOffset, firedDate) VALUES
                    (?, 1, ?, 'relative', -60, NULL), (?, 0, ?, 'relative', -120, 500), (?, 0, ?, 'absolute', NULL, NULL);
                    UPDATE alarm SET absoluteDate = 900 WHERE kind = 'absolute';
                    INSERT INTO alarm (reminderID, position, id, kind, locationTitle, latitude, longitude, radius, proximity)
                    VALUES (?, 0, ?, 'location', 'Home', -33.9, 151.2, 50, 'leave');
                    """, arguments: [uuid(4), uuid(41), uuid(4), uuid(40), uuid(1), uuid(10), uuid(3), uuid(30)])
        }
        try queue.close()

        let store = try ReminderStore(path: path, configuration: configuration())
        let reminders = try store.reminders()
        #expect(reminders.map(\.id) == [uuid(1), uuid(3), uuid(4)])
        #expect(
            reminders.map(\.alarms) == [
                [Alarm(id: uuid(10), trigger: .absolute(date: date(900)))],
                [
                    Alarm(
                        id: uuid(30),
                        trigger: .location(
                            location: StructuredLocation(title: "Home", latitude: -33.9, longitude: 151.2, radius: 50), proximity: .leave))
                ],
                [
                    Alarm(id: uuid(40), trigger: .relative(offset: -120), firedDate: date(500)),
                    Alarm(id: uuid(41), trigger: .relative(offset: -60)),
                ],
            ])
        #expect(reminders[1].isLocationReminder)
        let check = try store.database!.read { db in
            (
                try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count,
                try Int.fetchAll(db, sql: "SELECT number FROM reminder ORDER BY number")
            )
        }
        #expect(check.0 == 0)
        #expect(check.1 == [1, 3, 4])
        // The rebuilt tables keep their rules: alarms go with their reminder, state updates find them.
        try store.setAlarmState(reminderID: uuid(4), alarmID: uuid(41), firedDate: date(7), acknowledgedDate: nil)
        #expect(try store.reminder(id: uuid(4))?.alarms.last?.firedDate == date(7))
        try store.remove(id: uuid(4))
        let alarmCount = try store.database!.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM alarm") }
        #expect(alarmCount == 2)
        // A new reminder may take the removed one's number: none of the old alarms attach to it.
        try store.save(
            Reminder(id: uuid(5), title: "new", dueDate: anyDueDate, alarms: [Alarm(id: uuid(50), trigger: .relative(offset: 0))]))
        #expect(try store.reminder(id: uuid(5))?.alarms.map(\.id) == [uuid(50)])
        #expect(try store.reminder(id: uuid(3))?.alarms.map(\.id) == [uuid(30)])
    }

    /// New files get 16 KiB pages (shallower B-trees for the batch insert); older files keep theirs.
    @Test func newFilesUseSixteenKibibytePages() throws {
        let fresh = try temporaryDirectory().appendingPathComponent("s.sqlite").path
        let old = try Self.copy(Self.v1Fixture)
        let pageSize = { (path: String) in
            try ReminderStore(path: path).database!.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }
        }
        #expect(try pageSize(fresh) == 16_384)
        #expect(try pageSize(old) == 4_096)
    }

    @Test func aFileOfANewerGeoremindIsRefused() throws {
        let path = try Self.copy(Self.v1Fixture)
        try ReminderStore(path: path).database!.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-from-the-future')")
        }
        #expect(throws: StoreError.newerSchema(path: path)) { try ReminderStore(path: path) }
    }

    @Test func reopeningKeepsEverything() throws {
        let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
        let defaultID = try {
            let store = try ReminderStore(path: path)
            try store.save(Reminder(id: uuid(1), title: "kept"))
            return try store.defaultList().id
        }()
        let again = try ReminderStore(path: path)
        #expect(try again.defaultList().id == defaultID)
        #expect(try again.reminders().map(\.title) == ["kept"])
        #expect(try again.lists().count == 1)
    }

    @Test func titleKeysFollowTheLocaleTheStoreOpensWith() throws {
        let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
        try ReminderStore(path: path, configuration: configuration(locale: "en_US")).save(Reminder(id: uuid(1), title: "Istanbul"))
        let turkish = try ReminderStore(path: path, configuration: configuration(locale: "tr_TR"))
        let key = try turkish.database!.read { db in try String.fetchOne(db, sql: "SELECT titleKey FROM reminder") }
        #expect(key == "ıstanbul")
    }

    /// Regenerates the first-schema fixture; run with GEOREMIND_WRITE_FIXTURES=1 when it must
    /// change (it never should: it stands for files already written).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GEOREMIND_WRITE_FIXTURES"] == "1"))
    func writeFirstSchemaFixture() throws {
        try FileManager.default.createDirectory(at: Self.fixtures, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: Self.v1Fixture)
        let queue = try DatabaseQueue(path: Self.v1Fixture.path)
        try StoreSchema.migrator.migrate(queue, upTo: "v1")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO list VALUES (?, 'Errands', '#FF9500', 1, 770000000)", arguments: [uuid(100)])
            try db.execute(
                sql: """
                    INSERT INTO reminder (id, listID, title, titleKey, notes, priority, priorityLevel, dueDate,
                    dueTimeZone, dueKey, isCompleted, creationDate, lastModifiedDate, isLocationReminder, recurrenceRules)
                    VALUES (?, ?, 'Buy bread', 'buy bread', 'wholemeal', 5, 'medium', '2025-06-01T18:00:00', 'Europe/Paris',
                    770486400, 0, 770000000, 770000100, 1, '[{"fromCompletion":false,"rrule":"FREQ=WEEKLY;BYDAY=SA"}]')
                    """, arguments: [uuid(1), uuid(100)])
            try db.execute(
                sql: """
                    INSERT INTO alarm VALUES (?, 0, ?, 'location', NULL, NULL, 'Bakery', 48.85, 2.35, 0, 'enter')
                    """, arguments: [uuid(1), uuid(11)])
        }
        try queue.close()
    }
}
