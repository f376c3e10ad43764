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
}
