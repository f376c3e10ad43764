import Foundation
import Testing

@testable import GeoReminders

/// Lists are found by the name people type, and no two share a name ignoring case.
struct ListTitleTests {
    @Test func aListIsFoundExactlyThenIgnoringCase() throws {
        let lists = [
            ReminderList(id: uuid(1), title: "errands"), ReminderList(id: uuid(2), title: "Errands"),
            ReminderList(id: uuid(3), title: "Work"),
        ]
        #expect(lists.first(titled: "Errands")?.id == uuid(2))
        #expect(lists.first(titled: "ERRANDS")?.id == uuid(1))
        #expect(lists.first(titled: "work")?.id == uuid(3))
        #expect(lists.first(titled: "Home") == nil)
    }

    @Test func theStoreRefusesASecondListOfTheSameName() throws {
        let store = try memoryStore()
        let work = try store.save(ReminderList(id: uuid(1), title: "Work"))
        #expect(throws: StoreError.duplicateListTitle(title: "WORK", existingID: uuid(1))) {
            try store.save(ReminderList(id: uuid(2), title: "WORK"))
        }
        // Renaming a list to its own name in another case is not a duplicate.
        var renamed = work
        renamed.title = "work"
        try store.save(renamed)
        #expect(try store.list(titled: "WORK")?.id == uuid(1))
        #expect(try store.lists().count == 2)
    }
}
