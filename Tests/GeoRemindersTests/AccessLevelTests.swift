import Foundation
import TestSupport
import Testing

@testable import GeoReminders

@Suite struct AccessLevelTests {
    @Test func writeOnlyCreatesInTheDefaultListAndReadsNothing() throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("store.sqlite").path
        let full = try ReminderStore(path: path, configuration: configuration())
        let work = try full.save(ReminderList(id: uuid(100), title: "Work"))
        try full.save(Reminder(id: uuid(1), title: "existing"))
        let defaultList = try full.defaultList()

        let store = try ReminderStore(path: path, access: .writeOnly, configuration: configuration())
        let created = try store.save(Reminder(id: uuid(2), title: "new"))
        #expect(created.listID == defaultList.id)
        #expect(try store.reminders() == [])
        #expect(try store.reminder(id: uuid(2)) == nil)
        #expect(throws: StoreError.noReminderMatches(prefix: "0")) { try store.reminder(idPrefix: "0") }
        #expect(try store.lists() == [ReminderList(id: defaultList.id, title: "Reminders")])
        #expect(try store.defaultList() == ReminderList(id: defaultList.id, title: "Reminders"))
        #expect(throws: StoreError.accessDenied(operation: "save into a list other than the default one", access: .writeOnly)) {
            try store.save(Reminder(id: uuid(3), listID: work.id, title: "x"))
        }
        #expect(throws: StoreError.accessDenied(operation: "change an existing reminder", access: .writeOnly)) {
            try store.save(Reminder(id: uuid(1), title: "overwrite"))
        }
        #expect(throws: StoreError.accessDenied(operation: "remove a reminder", access: .writeOnly)) {
            try store.remove(id: uuid(1))
        }
        #expect(throws: StoreError.accessDenied(operation: "save a list", access: .writeOnly)) {
            try store.save(ReminderList(title: "New"))
        }
        #expect(throws: StoreError.accessDenied(operation: "change the default list", access: .writeOnly)) {
            try store.setDefaultList(id: work.id)
        }
        #expect(throws: StoreError.accessDenied(operation: "read alarm evaluation state", access: .writeOnly)) {
            try store.engineState(forKey: "k")
        }
        #expect(try full.reminders().map(\.title) == ["existing", "new"])
    }

    @Test func noAccessRefusesEverythingAndLeavesTheFileAlone() throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("store.sqlite").path
        let store = try ReminderStore(path: path, access: .none)
        #expect(!FileManager.default.fileExists(atPath: path))
        func denied(_ operation: String) -> StoreError { .accessDenied(operation: operation, access: .none) }
        #expect(throws: denied("save a reminder")) { try store.save(Reminder(title: "x")) }
        #expect(throws: denied("remove a reminder")) { try store.remove(id: uuid(1)) }
        #expect(throws: denied("commit changes")) { try store.commit() }
        #expect(throws: denied("read reminders")) { try store.reminders() }
        #expect(throws: denied("read reminders")) { try store.reminder(id: uuid(1)) }
        #expect(throws: denied("read reminders")) { try store.reminder(idPrefix: "0") }
        #expect(throws: denied("read lists")) { try store.lists() }
        #expect(throws: denied("read lists")) { try store.defaultList() }
        #expect(throws: denied("save a list")) { try store.save(ReminderList(title: "x")) }
        #expect(throws: denied("remove a list")) { try store.removeList(id: uuid(1)) }
        #expect(throws: denied("observe changes")) { try store.changes() }
        #expect(throws: denied("save alarm evaluation state")) { try store.saveEngineState(Data(), forKey: "k") }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func inMemoryStoresHonourAccessToo() throws {
        #expect(throws: StoreError.accessDenied(operation: "read lists", access: .none)) {
            try ReminderStore.inMemory(access: .none).lists()
        }
        let writeOnly = try ReminderStore.inMemory(access: .writeOnly)
        try writeOnly.save(Reminder(title: "x"))
        #expect(try writeOnly.reminders().isEmpty)
    }
}
