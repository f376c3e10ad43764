import Foundation
import GeoReminders
import PostgresNIO
import SharedStore
import TestSupport
import Testing

/// The notifications a shared store's writers send (``StoreNotification``), as an instance's
/// listener receives them: a working copy that changed reminders or lists notifies when it
/// commits; one that changed only credentials, or nothing, or only read, does not.
@Suite struct StoreNotificationTests {
    @Test func reminderWritesNotifyAndOtherWorkDoesNot() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let address = try PostgresAddress(parsing: try server.createDatabase("store"))
        let workspace = try await SharedWorkspace.open(address)
        let connections = OpenConnections(address)
        defer { withExtendedLifetime(connections) {} }
        let listener = try await connections.open()
        do {
            let received = try await listener.listen(on: StoreNotification.channel) { notifications in
                // The workspace blocks: off the listener's task.
                try await Task.detached {
                    _ = try workspace.writing(.credentials) { try $0.createToken(name: "phone", scope: .ingest) }
                    _ = try workspace.writing(.reminders) { try $0.save(Reminder(title: "Buy milk")) }
                    _ = try workspace.reading(.reminders) { try $0.lists() }
                    _ = try workspace.writing(.reminders) { try $0.lists() }
                    _ = try workspace.writing(.reminders) { try $0.save(ReminderList(title: "Work")) }
                }.value
                // Notifications arrive in commit order: this one, sent last, ends the collection.
                _ = try server.psql("NOTIFY \(StoreNotification.channel), 'end'", database: "store")
                var payloads: [String] = []
                for try await notification in notifications {
                    if notification.payload == "end" { break }
                    payloads.append(notification.payload)
                }
                return payloads
            }
            #expect(received == [StoreNotification.reminders.rawValue, StoreNotification.reminders.rawValue])
        } catch {
            Issue.record(error)
        }
        try await listener.close()
        await workspace.close()
    }
}
