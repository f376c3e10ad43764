import Foundation
import GRDB
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
        #expect(reminder == Reminder(
            id: uuid(1), listID: uuid(100), title: "Buy bread", notes: "wholemeal", priority: 5,
            dueDate: ReminderDate(year: 2025, month: 6, day: 1, time: TimeOfDay(hour: 18, minute: 0), timeZone: paris),
            creationDate: date(770_000_000), lastModifiedDate: date(770_000_100),
            recurrenceRules: [try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=SA")],
            alarms: [Alarm(id: uuid(11), trigger: .location(
                location: StructuredLocation(title: "Bakery", latitude: 48.85, longitude: 2.35, radius: 0), proximity: .enter))]))
        // The columns and table the second migration added work on the old data.
        try store.setAlarmState(reminderID: uuid(1), alarmID: uuid(11), firedDate: date(1), acknowledgedDate: nil)
        #expect(try store.reminder(id: uuid(1))?.alarms.first?.firedDate == date(1))
        try store.saveEngineState(Data([7]), forKey: "engine")
        let applied = try store.database!.read { db in try StoreSchema.migrator.appliedIdentifiers(db) }
        #expect(applied == Set(StoreSchema.migrationNames))
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
            try db.execute(sql: """
                INSERT INTO reminder (id, listID, title, titleKey, notes, priority, priorityLevel, dueDate,
                dueTimeZone, dueKey, isCompleted, creationDate, lastModifiedDate, isLocationReminder, recurrenceRules)
                VALUES (?, ?, 'Buy bread', 'buy bread', 'wholemeal', 5, 'medium', '2025-06-01T18:00:00', 'Europe/Paris',
                770486400, 0, 770000000, 770000100, 1, '[{"fromCompletion":false,"rrule":"FREQ=WEEKLY;BYDAY=SA"}]')
                """, arguments: [uuid(1), uuid(100)])
            try db.execute(sql: """
                INSERT INTO alarm VALUES (?, 0, ?, 'location', NULL, NULL, 'Bakery', 48.85, 2.35, 0, 'enter')
                """, arguments: [uuid(1), uuid(11)])
        }
        try queue.close()
    }
}
