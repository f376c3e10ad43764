import Foundation
import GRDB
import Synchronization
import Testing

@testable import GeoReminders

/// What the store accepts it reads back; a row it cannot read (written by an older version) is
/// left out with a warning naming it, and can still be named and deleted.
@Suite struct UnreadableRowTests {
    @Test func numbersTheReaderCannotReadBackAreRefused() throws {
        #expect(throws: RecurrenceRuleError.numberTooLarge(part: "INTERVAL", value: 1_000_000_000)) {
            try RecurrenceRule(shorthand: "every 1000000000 days")
        }
        #expect(throws: RecurrenceRuleError.numberTooLarge(part: "INTERVAL", value: Int.max)) {
            try RecurrenceRule(shorthand: "every 9223372036854775807 months")
        }
        #expect(throws: RecurrenceRuleError.numberTooLarge(part: "COUNT", value: 1_000_000_000)) {
            try RecurrenceRule(frequency: .daily, end: .count(1_000_000_000))
        }
        let largest = try RecurrenceRule(shorthand: "every 999999999 years")
        #expect(try RecurrenceRule(rrule: largest.rrule) == largest)
    }

    @Test func aRowWithAnUnreadableRuleIsLeftOutNamedAndDeletable() throws {
        let warned = Mutex<[String]>([])
        var configuration = configuration()
        configuration.unreadableReminder = { id, reason in warned.withLock { $0.append("\(id): \(reason)") } }
        let store = try ReminderStore.inMemory(configuration: configuration)
        for n in 1...3 {
            try store.save(
                Reminder(
                    id: uuid(n), title: "R\(n)", dueDate: anyDueDate,
                    recurrenceRules: [try RecurrenceRule(rrule: "FREQ=DAILY")]))
        }
        // What an older version wrote for `every 1000000000 days`.
        try store.database!.write { db in
            try db.execute(
                sql: "UPDATE reminder SET recurrenceRules = ? WHERE id = ?",
                arguments: [#"[{"fromCompletion":false,"rrule":"FREQ=DAILY;INTERVAL=1000000000"}]"#, uuid(2)])
        }
        #expect(try store.reminders().map(\.id) == [uuid(1), uuid(3)])
        #expect(warned.withLock { $0.count } == 1)
        #expect(warned.withLock { $0.first?.hasPrefix(uuid(2) + ": its recurrence rule cannot be read") } == true)
        #expect(throws: StoreError.unreadableReminder(id: uuid(2))) { try store.reminder(idPrefix: "00000000-0000-0000-0000-000000000002") }
        #expect(try store.reminderID(idPrefix: "00000000-0000-0000-0000-000000000002") == uuid(2))
        try store.remove(id: uuid(2))
        #expect(try store.database!.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM reminder") } == 2)
    }
}
