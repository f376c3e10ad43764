import Testing

@testable import GeoReminders

@Suite struct PriorityLevelTests {
    @Test(arguments: [
        (0, PriorityLevel.none), (1, .high), (2, .high), (3, .high), (4, .high),
        (5, .medium), (6, .low), (7, .low), (8, .low), (9, .low),
    ])
    func everyPriorityReadsAsItsLevel(priority: Int, level: PriorityLevel) {
        #expect(PriorityLevel(priority: priority) == level)
    }

    @Test(arguments: [-1, 10, 100])
    func outOfRangePrioritiesHaveNoLevel(priority: Int) {
        #expect(PriorityLevel(priority: priority) == nil)
    }

    @Test(arguments: [(PriorityLevel.none, 0), (.low, 9), (.medium, 5), (.high, 1)])
    func levelsWriteEventKitsValues(level: PriorityLevel, priority: Int) {
        #expect(level.priority == priority)
        #expect(PriorityLevel(priority: priority) == level)
    }

    @Test func settingTheLevelSetsTheRawPriority() {
        var reminder = Reminder(title: "x", priority: 3)
        #expect(reminder.priorityLevel == .high)
        reminder.priorityLevel = .low
        #expect(reminder.priority == 9)
    }

    @Test(arguments: [-1, 10])
    func storeRefusesOutOfRangePriority(priority: Int) throws {
        let store = try memoryStore()
        let reminder = Reminder(id: uuid(1), title: "x", priority: priority)
        #expect(throws: ReminderError.priorityOutOfRange(id: uuid(1), priority: priority)) {
            try store.save(reminder)
        }
    }

    @Test func levelFilterMatchesEveryPriorityOfTheLevel() throws {
        let store = try memoryStore()
        for priority in 0...9 {
            try store.save(Reminder(id: uuid(priority + 1), title: "p\(priority)", priority: priority))
        }
        func titles(_ level: PriorityLevel) throws -> [String] {
            try store.reminders(matching: ReminderPredicate(priorityLevel: level), sortedBy: .title).map(\.title)
        }
        #expect(try titles(.none) == ["p0"])
        #expect(try titles(.high) == ["p1", "p2", "p3", "p4"])
        #expect(try titles(.medium) == ["p5"])
        #expect(try titles(.low) == ["p6", "p7", "p8", "p9"])
    }
}
