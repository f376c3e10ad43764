import Foundation
import GeoReminders
import SharedStore
import TestSupport
import Testing

/// A PostgreSQL working copy loads the tables its work names, and no other: listing the lists
/// (`.lists`) reads the lists, their members and the settings, not the reminders, so its cost
/// does not grow with them; `.reminders` reads both.
@Suite struct WorkingCopyTablesTests {
    @Test func aListsCopyHoldsTheListsAndNoReminder() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let workspace = try await SharedWorkspace.open(try PostgresAddress(parsing: try server.createDatabase("store")))
        let outcome = await Task.detached {
            Result {
                try workspace.writing(.reminders) { store in
                    let errands = ReminderList(title: "Errands")
                    _ = try store.save(errands)
                    _ = try store.save(Reminder(listID: errands.id, title: "Buy milk"))
                }
                let lists = try workspace.reading(.lists) { store in
                    (try store.lists().map(\.title), try store.defaultListID(of: "default"), try store.reminders().count)
                }
                let reminders = try workspace.reading(.reminders) { try $0.reminders().map(\.title) }
                return (lists, reminders)
            }
        }.value
        await workspace.close()
        let (lists, reminders) = try outcome.get()
        #expect(lists.0 == ["Reminders", "Errands"])
        #expect(!lists.1.isEmpty)
        #expect(lists.2 == 0)
        #expect(reminders == ["Buy milk"])
    }
}
