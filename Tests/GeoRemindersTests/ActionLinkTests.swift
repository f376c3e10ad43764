import Foundation
import Testing

@testable import GeoReminders

/// The Done link of a notification: signed, expiring, single-use, completing through the store.
@Suite struct ActionLinkTests {
    func checked(_ link: ActionLink, in store: ReminderStore) throws -> ActionLink {
        let key = try store.actionKey()
        return try ActionLink(
            query: [
                "event": link.eventID, "reminder": link.reminderID, "expires": String(link.expires),
                "signature": link.signature(key: key),
            ], key: key, now: Date())
    }

    @Test func aRepeatingReminderMovesOnOnce() throws {
        let store = try ReminderStore.inMemory()
        try store.save(try repeatingReminder("FREQ=WEEKLY", due: "20261123T190000"))
        let link = try checked(
            ActionLink(eventID: "evt_01KR5NYQK0ZABEXYHZX4EGA5F5", reminderID: uuid(1), expires: Int(Date().timeIntervalSince1970) + 60),
            in: store)
        let result = try store.follow(link)
        #expect(result.outcome == .advanced && result.nextDue?.compact == "20261130T190000")
        #expect(throws: ActionLinkError.alreadyUsed) { try store.follow(link) }
        #expect(try store.reminder(id: uuid(1))?.dueDate?.compact == "20261130T190000")
    }

    @Test func aMissingReminderLeavesTheLinkUnused() throws {
        let store = try ReminderStore.inMemory()
        let link = try checked(
            ActionLink(eventID: "evt_01KR5NYQK0ZABEXYHZX4EGA5F6", reminderID: uuid(9), expires: Int(Date().timeIntervalSince1970) + 60),
            in: store)
        #expect(throws: ActionLinkError.reminderGone) { try store.follow(link) }
        // Each store makes its own key, 64 hex digits, at its first open.
        #expect(try store.actionKey().count == 64 && (try ReminderStore.inMemory().actionKey()) != (try store.actionKey()))
    }
}
