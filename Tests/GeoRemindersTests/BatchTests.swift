import Foundation
import Testing

@testable import GeoReminders

@Suite struct BatchTests {
    @Test func heldSavesAreWrittenOnCommit() throws {
        let store = try memoryStore()
        try store.save(Reminder(id: uuid(1), title: "a"), commit: false)
        try store.save(Reminder(id: uuid(2), title: "b"), commit: false)
        #expect(store.pendingChangeCount == 2)
        #expect(try store.reminders().isEmpty)
        try store.commit()
        #expect(store.pendingChangeCount == 0)
        #expect(try store.reminders().map(\.id) == [uuid(1), uuid(2)])
    }

    /// A batch's alarms are written 64 rows per INSERT: across whole chunks and the remainder,
    /// with reminders saved twice (before and after their alarms were written) and removed in
    /// the middle, every reminder ends with exactly the alarms of its last save.
    @Test func alarmsOfABigBatchLandWithTheirReminders() throws {
        let store = try memoryStore()
        func alarms(_ n: Int, count: Int, offset: Double = 0) -> [Alarm] {
            (0..<count).map { Alarm(id: uuid(10_000 * n + $0), trigger: .relative(offset: Double(n) + offset + Double($0))) }
        }
        try store.save(Reminder(id: uuid(1), title: "before", dueDate: anyDueDate, creationDate: date(1), alarms: alarms(1, count: 2)))
        for n in 2...150 {
            try store.save(
                Reminder(
                    id: uuid(n), title: "r\(n)", dueDate: anyDueDate, creationDate: date(Double(n)),
                    alarms: alarms(n, count: n % 3)), commit: false)
        }
        // Saved again: one whose alarms went out in an early chunk, one still gathered, one stored before.
        try store.save(
            Reminder(id: uuid(5), title: "r5 again", dueDate: anyDueDate, creationDate: date(5), alarms: alarms(5, count: 1, offset: 0.5)),
            commit: false)
        try store.save(
            Reminder(
                id: uuid(149), title: "r149 again", dueDate: anyDueDate, creationDate: date(149), alarms: alarms(149, count: 2, offset: 0.5)
            ),
            commit: false)
        try store.save(Reminder(id: uuid(1), title: "again", creationDate: date(1), alarms: []), commit: false)
        try store.remove(id: uuid(100), commit: false)
        try store.remove(id: uuid(101), commit: false)
        try store.save(
            Reminder(id: uuid(151), title: "after removals", dueDate: anyDueDate, creationDate: date(151), alarms: alarms(151, count: 2)),
            commit: false)
        try store.commit()

        var expected: [String: [Alarm]] = [uuid(1): [], uuid(151): alarms(151, count: 2)]
        for n in 2...150 where n != 100 && n != 101 { expected[uuid(n)] = alarms(n, count: n % 3) }
        expected[uuid(5)] = alarms(5, count: 1, offset: 0.5)
        expected[uuid(149)] = alarms(149, count: 2, offset: 0.5)
        let stored = try store.reminders()
        #expect(stored.count == 149)
        #expect(Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0.alarms) }) == expected)
        let rows = try store.database!.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM alarm") }
        #expect(rows == expected.values.map(\.count).reduce(0, +))
    }

    @Test func resetDiscardsHeldChanges() throws {
        let store = try memoryStore()
        try store.save(Reminder(id: uuid(1), title: "a"))
        try store.save(Reminder(id: uuid(2), title: "b"), commit: false)
        try store.remove(id: uuid(1), commit: false)
        store.reset()
        try store.commit()
        #expect(try store.reminders().map(\.id) == [uuid(1)])
    }

    @Test func aCommittingSaveCommitsWhatWasHeld() throws {
        let store = try memoryStore()
        try store.save(Reminder(id: uuid(1), title: "a"), commit: false)
        try store.save(Reminder(id: uuid(2), title: "b"))
        #expect(try store.reminders().count == 2)
    }

    @Test func aFailureWritesNothing() throws {
        let store = try memoryStore()
        try store.save(Reminder(id: uuid(1), title: "a"), commit: false)
        try store.remove(id: uuid(9), commit: false)
        try store.save(Reminder(id: uuid(2), title: "b"), commit: false)
        #expect(throws: StoreError.reminderNotFound(id: uuid(9))) { try store.commit() }
        #expect(try store.reminders().isEmpty)
        #expect(store.pendingChangeCount == 0)
    }

    @Test func invalidSaveIsRefusedBeforeBeingHeld() throws {
        let store = try memoryStore()
        #expect(throws: ReminderError.emptyTitle(id: uuid(1))) { try store.save(Reminder(id: uuid(1), title: " "), commit: false) }
        #expect(store.pendingChangeCount == 0)
    }

    @Test func laterChangesInABatchSeeEarlierOnes() throws {
        let store = try memoryStore()
        try store.save(Reminder(id: uuid(1), title: "a"), commit: false)
        try store.save(Reminder(id: uuid(1), title: "a2"), commit: false)
        try store.save(Reminder(id: uuid(2), title: "b"), commit: false)
        try store.remove(id: uuid(2), commit: false)
        try store.commit()
        #expect(try store.reminders().map(\.title) == ["a2"])
    }

    @Test func aBatchMixesNewAndExistingReminders() throws {
        let store = try memoryStore()
        try store.save(
            Reminder(id: uuid(1), title: "old", dueDate: anyDueDate, alarms: [Alarm(id: uuid(50), trigger: .relative(offset: 1))]))
        try store.save(
            Reminder(id: uuid(2), title: "new 2", dueDate: anyDueDate, alarms: [Alarm(id: uuid(51), trigger: .relative(offset: 2))]),
            commit: false)
        try store.save(
            Reminder(id: uuid(1), title: "updated", dueDate: anyDueDate, alarms: [Alarm(id: uuid(52), trigger: .relative(offset: 3))]),
            commit: false)
        try store.save(Reminder(id: uuid(3), title: "new 3"), commit: false)
        try store.commit()
        let byID = Dictionary(uniqueKeysWithValues: try store.reminders().map { ($0.id, $0) })
        #expect(byID.count == 3)
        #expect(byID[uuid(1)]?.title == "updated")
        #expect(byID[uuid(1)]?.alarms.map(\.id) == [uuid(52)])
        #expect(byID[uuid(2)]?.alarms.map(\.id) == [uuid(51)])
        #expect(byID[uuid(3)]?.alarms == [])
    }

    @Test func largeBatchesKeepEveryRowAndAlarm() throws {
        let store = try memoryStore()
        for n in 1...1_300 {
            let alarms = (0..<(n % 3)).map { Alarm(id: uuid(100_000 + n * 10 + $0), trigger: .relative(offset: Double($0))) }
            try store.save(
                Reminder(id: uuid(n), title: "r\(n)", priority: n % 10, dueDate: anyDueDate, creationDate: date(Double(n)), alarms: alarms),
                commit: false)
        }
        try store.commit()
        let all = try store.reminders()
        #expect(all.count == 1_300)
        #expect(all.map(\.id) == (1...1_300).map(uuid))
        #expect(all.map { $0.alarms.count } == (1...1_300).map { $0 % 3 })
        #expect(all[4].alarms.map(\.trigger) == [.relative(offset: 0), .relative(offset: 1)])
    }
}
