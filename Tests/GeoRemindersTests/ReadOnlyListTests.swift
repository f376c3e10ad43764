import Foundation
import Testing

@testable import GeoReminders

@Suite struct ReadOnlyListTests {
    static let readOnlyID = uuid(200)

    /// A store with a read-only list holding reminder 1 (put there before it became read-only
    /// is impossible, so the fixture writes the row through a writable twin then flips it in SQL).
    static func store() throws -> ReminderStore {
        let store = try memoryStore()
        try store.save(ReminderList(id: readOnlyID, title: "Holidays"))
        try store.save(Reminder(id: uuid(1), listID: readOnlyID, title: "Bank holiday"))
        try store.database?.write { db in
            try db.execute(sql: "UPDATE list SET allowsContentModifications = 0 WHERE id = ?", arguments: [readOnlyID])
        }
        return store
    }

    static let refusal = StoreError.readOnlyList(listID: readOnlyID, title: "Holidays")

    @Test func newReminderInReadOnlyListIsRefused() throws {
        let store = try Self.store()
        #expect(throws: Self.refusal) { try store.save(Reminder(id: uuid(2), listID: Self.readOnlyID, title: "x")) }
        #expect(try store.reminder(id: uuid(2)) == nil)
    }

    @Test func editingAReminderOfAReadOnlyListIsRefused() throws {
        let store = try Self.store()
        var reminder = try #require(try store.reminder(id: uuid(1)))
        reminder.title = "changed"
        #expect(throws: Self.refusal) { try store.save(reminder) }
        reminder.isCompleted = true
        #expect(throws: Self.refusal) { try store.save(reminder) }
        #expect(try store.reminder(id: uuid(1))?.title == "Bank holiday")
    }

    @Test func movingOutOfAReadOnlyListIsRefused() throws {
        let store = try Self.store()
        var reminder = try #require(try store.reminder(id: uuid(1)))
        reminder.listID = try store.defaultList().id
        #expect(throws: Self.refusal) { try store.save(reminder) }
        #expect(try store.reminder(id: uuid(1))?.listID == Self.readOnlyID)
    }

    @Test func removingFromAReadOnlyListIsRefused() throws {
        let store = try Self.store()
        #expect(throws: Self.refusal) { try store.remove(id: uuid(1)) }
        #expect(try store.reminder(id: uuid(1)) != nil)
    }

    @Test func theListItselfIsRefused() throws {
        let store = try Self.store()
        #expect(throws: Self.refusal) { try store.save(ReminderList(id: Self.readOnlyID, title: "Renamed")) }
        #expect(throws: Self.refusal) { try store.removeList(id: Self.readOnlyID) }
        #expect(throws: Self.refusal) { try store.setDefaultList(id: Self.readOnlyID) }
        #expect(try store.lists().map(\.title) == ["Reminders", "Holidays"])
    }

    @Test func aNewListCanBeCreatedReadOnly() throws {
        let store = try memoryStore()
        let list = try store.save(ReminderList(id: uuid(300), title: "Subscribed", allowsContentModifications: false))
        #expect(try store.lists().last == list)
        #expect(throws: StoreError.readOnlyList(listID: uuid(300), title: "Subscribed")) {
            try store.save(Reminder(listID: uuid(300), title: "x"))
        }
    }
}
