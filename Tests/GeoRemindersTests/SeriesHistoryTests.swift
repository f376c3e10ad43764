import CivilTime
import Foundation
import GRDB
import TestSupport
import Testing

@testable import GeoReminders

/// Idempotence, history, deletion, access and atomicity of completing repeating reminders.
@Suite struct SeriesHistoryTests {
    static let paris = "Europe/Paris"

    static func dailyStore(clock: TestClock = TestClock()) throws -> ReminderStore {
        let store = try memoryStore(clock: clock)
        try store.save(repeatingReminder("FREQ=DAILY", due: "20260105T090000", zone: paris))
        return store
    }

    @Test func completingTheSameOccurrenceTwiceAdvancesOnce() throws {
        let store = try Self.dailyStore()
        let occurrence = CivilDateTime(compact: "20260105T090000", zone: Self.paris)
        let first = try store.complete(id: uuid(1), occurrence: occurrence)
        let second = try store.complete(id: uuid(1), occurrence: occurrence)
        #expect(first.outcome == .advanced)
        #expect(second.outcome == .staleOccurrence)
        #expect(!second.didChange)
        #expect(second.historyCopyID == first.historyCopyID)
        #expect(second.nextDue?.compact == "20260106T090000")
        #expect(try store.reminder(id: uuid(1))?.dueDate?.compact == "20260106T090000")
        #expect(try store.history(ofSeries: uuid(1)).count == 1)
    }

    @Test func anOccurrenceThatWasNeverCurrentChangesNothing() throws {
        let store = try Self.dailyStore()
        let before = try store.reminder(id: uuid(1))
        let result = try store.complete(id: uuid(1), occurrence: CivilDateTime(compact: "20251201T090000", zone: Self.paris))
        #expect(
            result
                == CompletionResult(
                    outcome: .staleOccurrence, reminder: try #require(before),
                    historyCopyID: nil, nextDue: CivilDateTime(compact: "20260105T090000", zone: Self.paris)))
        #expect(try store.reminder(id: uuid(1)) == before)
        #expect(try store.history(ofSeries: uuid(1)).isEmpty)
    }

    @Test func historyIsSortedByTheCompletedOccurrencesDueDate() throws {
        let store = try Self.dailyStore()
        // Completion instants decrease, so only the due date gives this order.
        for completion in [800_000_300.0, 800_000_200, 800_000_100] {
            try store.complete(id: uuid(1), completionDate: date(completion))
        }
        let history = try store.history(ofSeries: uuid(1))
        #expect(history.map { $0.dueDate?.compact } == ["20260105T090000", "20260106T090000", "20260107T090000"])
        #expect(history.map(\.completionDate) == [date(800_000_300), date(800_000_200), date(800_000_100)])
        #expect(history.allSatisfy { $0.seriesID == uuid(1) && $0.isCompleted && $0.title == "Water the plants" })
        #expect(try store.history(ofSeries: uuid(2)).isEmpty)
    }

    @Test func aSeriesKeepsAnIdentifierItHadBeforeRepeating() throws {
        let store = try memoryStore()
        var reminder = try repeatingReminder("FREQ=DAILY", due: "20260105T090000", zone: Self.paris)
        reminder.seriesID = uuid(50)
        try store.save(reminder)
        try store.complete(id: uuid(1))
        #expect(try store.history(ofSeries: uuid(50)).count == 1)
        #expect(try store.reminder(id: uuid(1))?.seriesID == uuid(50))
    }

    @Test func deletingASeriesKeepsItsHistoryUnlessAsked() throws {
        let store = try Self.dailyStore()
        try completeRepeatedly(store, 2)
        #expect(try store.removeSeries(of: uuid(1)) == 1)
        #expect(try store.reminder(id: uuid(1)) == nil)
        #expect(try store.history(ofSeries: uuid(1)).map { $0.dueDate?.compact } == ["20260105T090000", "20260106T090000"])
    }

    @Test func deletingASeriesWithItsHistory() throws {
        let store = try Self.dailyStore()
        try completeRepeatedly(store, 2)
        try store.save(Reminder(id: uuid(2), title: "Unrelated"))
        #expect(try store.removeSeries(of: uuid(1), includingHistory: true) == 3)
        #expect(try store.reminders().map(\.id) == [uuid(2)])
        #expect(try store.history(ofSeries: uuid(1)).isEmpty)
    }

    @Test func deletingByAHistoryCopyRemovesTheLiveReminder() throws {
        let store = try Self.dailyStore()
        let copyID = try #require(try store.complete(id: uuid(1)).historyCopyID)
        #expect(try store.removeSeries(of: copyID) == 1)
        #expect(try store.reminders().map(\.id) == [copyID])
    }

    @Test func theSeriesStartHoldsAcrossEditsAndRestartsWhenTheDueDateLeavesTheGrid() throws {
        let store = try memoryStore()
        try store.save(repeatingReminder("FREQ=MONTHLY;COUNT=3", due: "20260131T100000"))
        var live = try store.complete(id: uuid(1)).reminder
        live.title = "Pay the rent"
        try store.save(live)
        // Still the series that began on January 31st: its third and last occurrence is May 31st.
        #expect(try store.complete(id: uuid(1)).nextDue?.compact == "20260531T100000")
        live = try #require(try store.reminder(id: uuid(1)))
        live.dueDate = CivilDateTime(compact: "20260610T100000")
        try store.save(live)
        // Moved off the grid: a new series of three begins on June 10th.
        #expect(try completeRepeatedly(store, 3).map { $0.nextDue?.compact } == ["20260710T100000", "20260810T100000", nil])
    }

    @Test func aReadOnlyListRefusesAndNothingChanges() throws {
        let store = try memoryStore()
        try store.save(ReminderList(id: uuid(200), title: "Holidays"))
        var reminder = try repeatingReminder("FREQ=DAILY", due: "20260105T090000", zone: Self.paris)
        reminder.listID = uuid(200)
        try store.save(reminder)
        try store.database?.write { db in
            try db.execute(sql: "UPDATE list SET allowsContentModifications = 0 WHERE id = ?", arguments: [uuid(200)])
        }
        let before = try store.reminder(id: uuid(1))
        #expect(throws: StoreError.readOnlyList(listID: uuid(200), title: "Holidays")) { try store.complete(id: uuid(1)) }
        #expect(throws: StoreError.readOnlyList(listID: uuid(200), title: "Holidays")) { try store.removeSeries(of: uuid(1)) }
        #expect(try store.reminders() == [try #require(before)])
    }

    @Test(arguments: [AccessLevel.writeOnly, .none])
    func completingNeedsFullAccess(access: AccessLevel) throws {
        let store = try memoryStore(access: access)
        #expect(throws: StoreError.accessDenied(operation: "complete a reminder", access: access)) { try store.complete(id: uuid(1)) }
        #expect(throws: StoreError.accessDenied(operation: "read a series' history", access: access)) {
            try store.history(ofSeries: uuid(1))
        }
        #expect(throws: StoreError.accessDenied(operation: "remove a series", access: access)) { try store.removeSeries(of: uuid(1)) }
    }

    @Test func anUnknownReminderIsReported() throws {
        let store = try memoryStore()
        #expect(throws: StoreError.reminderNotFound(id: uuid(9))) { try store.complete(id: uuid(9)) }
        #expect(throws: ReminderError.badIdentifier(text: "nope")) { try store.complete(id: "nope") }
    }

    /// Each trigger fails a different step after the history copy is written.
    @Test(arguments: [
        "CREATE TRIGGER fail BEFORE UPDATE ON reminder BEGIN SELECT RAISE(ABORT, 'injected'); END",
        "CREATE TRIGGER fail BEFORE INSERT ON recurrenceSeries BEGIN SELECT RAISE(ABORT, 'injected'); END",
    ])
    func aFailureInTheMiddleLeavesNeitherTheCopyNorTheAdvance(trigger: String) throws {
        let store = try Self.dailyStore()
        let before = try store.reminder(id: uuid(1))
        try store.database?.write { db in try db.execute(sql: trigger) }
        #expect(throws: DatabaseError.self) { try store.complete(id: uuid(1)) }
        #expect(try store.reminders() == [try #require(before)])
        #expect(try store.database?.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM recurrenceSeries") } == 0)
        try store.database?.write { db in try db.execute(sql: "DROP TRIGGER fail") }
        #expect(try store.complete(id: uuid(1)).nextDue?.compact == "20260106T090000")
    }

    @Test func theSeriesStartSurvivesReopeningTheFile() throws {
        let path = try temporaryDirectory().appendingPathComponent("store.sqlite").path
        do {
            let store = try ReminderStore(path: path, configuration: configuration())
            try store.save(repeatingReminder("FREQ=MONTHLY;BYMONTHDAY=31;COUNT=2", due: "20260131T100000", zone: Self.paris))
            try store.complete(id: uuid(1))
        }
        let store = try ReminderStore(path: path, configuration: configuration())
        #expect(try store.complete(id: uuid(1)).outcome == .completed)
        #expect(try store.history(ofSeries: uuid(1)).map { $0.dueDate?.compact } == ["20260131T100000"])
    }

    @Test func twoStoresCompletingTheSameOccurrenceAtOnceAdvanceOnce() async throws {
        let path = try temporaryDirectory().appendingPathComponent("store.sqlite").path
        let first = try ReminderStore(path: path, configuration: configuration())
        let second = try ReminderStore(path: path, configuration: configuration())
        try first.save(repeatingReminder("FREQ=DAILY", due: "20260105T090000", zone: Self.paris))
        let occurrence = CivilDateTime(compact: "20260105T090000", zone: Self.paris)
        async let a = Task { try first.complete(id: uuid(1), occurrence: occurrence).outcome }.value
        async let b = Task { try second.complete(id: uuid(1), occurrence: occurrence).outcome }.value
        let outcomes = try await [a, b].map(\.rawValue).sorted()
        #expect(outcomes == ["advanced", "staleOccurrence"])
        #expect(try first.history(ofSeries: uuid(1)).count == 1)
        #expect(try second.reminder(id: uuid(1))?.dueDate?.compact == "20260106T090000")
    }
}
