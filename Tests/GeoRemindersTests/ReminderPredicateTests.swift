import CivilTime
import Foundation
import Testing

@testable import GeoReminders

/// EventKit's reminder predicates and the Reminders app's priority order.
@Suite struct ReminderPredicateTests {
    static let utc = TimeZone(identifier: "UTC")!

    static func due(_ day: Int, _ hour: Int, zone: TimeZone? = utc) -> CivilDateTime {
        CivilDateTime(year: 2026, month: 5, day: day, time: TimeOfDay(hour: hour, minute: 0), timeZone: zone)
    }

    /// Nine reminders over two lists, every priority level, floating and zoned due dates.
    static func store() throws -> ReminderStore {
        var settings = configuration()
        settings.floatingTimeZone = TimeZone(identifier: "America/New_York")!
        let store = try ReminderStore.inMemory(configuration: settings)
        let work = try store.save(ReminderList(id: uuid(100), title: "Work"))
        let rows: [(n: Int, title: String, priority: Int, due: CivilDateTime?, created: Double, completed: Double?)] = [
            (1, "Call Zoë", 0, due(2, 9), 10, nil),
            (2, "Crème brûlée", 9, due(1, 9), 20, nil),
            (3, "Pay rent", 1, nil, 30, nil),
            (4, "Dentist", 4, due(1, 9), 40, nil),
            (5, "Buy creme", 5, due(3, 0, zone: nil), 50, nil),  // floating: 04:00 UTC in New York
            (6, "Taxes", 1, due(1, 12), 60, nil),
            (7, "Old task", 6, due(1, 8), 5, 1_000),
            (8, "Older task", 5, nil, 6, 2_000),
            (9, "Plain", 0, nil, 1, nil),
        ]
        for row in rows {
            var reminder = Reminder(
                id: uuid(row.n), title: row.title, priority: row.priority, dueDate: row.due,
                creationDate: date(row.created))
            if row.n.isMultiple(of: 2) { reminder.listID = work.id }
            if let completed = row.completed { reminder.completionDate = date(completed) }
            try store.save(reminder, commit: false)
        }
        try store.commit()
        return store
    }

    func ids(
        _ predicate: ReminderPredicate = ReminderPredicate(), sort: ReminderSort = .priority,
        descending: Bool = false
    ) throws -> [Int] {
        try Self.store().reminders(matching: predicate, sortedBy: sort, descending: descending)
            .map { Int($0.id.suffix(2))! }
    }

    @Test func priorityOrderIsHighMediumLowNoneByRawValueThenDueThenCreation() throws {
        // 6 and 3 are both raw 1: 6 has a due date, 3 none. 4 is raw 4 (high). 5 and 8 medium,
        // 8 has no due date. 2 and 7 low (9 and 6: 7 first). 1 and 9 none: 9 has no due date.
        #expect(try ids() == [6, 3, 4, 5, 8, 7, 2, 1, 9])
        #expect(try ids(descending: true) == [1, 9, 2, 7, 5, 8, 4, 6, 3])
    }

    @Test func minimumPriorityKeepsThatLevelAndMoreUrgentOnes() throws {
        #expect(try ids(ReminderPredicate(minimumPriorityLevel: .high)) == [6, 3, 4])
        #expect(try ids(ReminderPredicate(minimumPriorityLevel: .medium)) == [6, 3, 4, 5, 8])
        #expect(try ids(ReminderPredicate(minimumPriorityLevel: .low)) == [6, 3, 4, 5, 8, 7, 2])
        #expect(try ids(ReminderPredicate(minimumPriorityLevel: PriorityLevel.none)).count == 9)
    }

    @Test func listsKeepTheirRemindersOnly() throws {
        #expect(try ids(ReminderPredicate(listIDs: [uuid(100)])) == [6, 4, 8, 2])
        #expect(try ids(ReminderPredicate(listIDs: [uuid(100), uuid(200)]), sort: .creationDate) == [8, 2, 4, 6])
    }

    @Test func dueRangeIsHalfOpenAndReadsFloatingDatesInTheStoresZone() throws {
        let utc = Self.utc
        // 1 May 09:00 UTC up to 3 May 04:00 UTC: the floating midnight of 3 May in New York is excluded.
        let range = Self.due(1, 9).instant(floatingZone: utc)..<Self.due(3, 4).instant(floatingZone: utc)
        #expect(try ids(ReminderPredicate(completion: .incomplete, dueRange: range), sort: .dueDate) == [2, 4, 6, 1])
        let wider = Self.due(1, 9).instant(floatingZone: utc)..<Self.due(3, 5).instant(floatingZone: utc)
        #expect(try ids(ReminderPredicate(completion: .incomplete, dueRange: wider), sort: .dueDate) == [2, 4, 6, 1, 5])
    }

    @Test func completionRangeKeepsCompletedRemindersOnly() throws {
        #expect(try ids(ReminderPredicate(completionRange: date(1_000)..<date(2_000))) == [7])
        #expect(try ids(ReminderPredicate(completionRange: date(0)..<date(2_001))) == [8, 7])
        #expect(try ids(ReminderPredicate(completionRange: date(1_001)..<date(2_000))) == [])
    }

    @Test func searchIgnoresCaseAndDiacritics() throws {
        #expect(try ids(ReminderPredicate(titleContains: "CREME")) == [5, 2])
        #expect(try ids(ReminderPredicate(titleContains: "zoe")) == [1])
        #expect(try ids(ReminderPredicate(titleContains: "brûlée")) == [2])
        #expect(try ids(ReminderPredicate(titleContains: "task")) == [8, 7])
    }
}
