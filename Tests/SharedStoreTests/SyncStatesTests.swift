import Foundation
import GeoReminders
import SharedStore
import TestSupport
import Testing

/// The CalDAV sync states both engines record (``SyncStates``): a token is found only for the
/// collection it was handed out for, each collection keeps its newest states, recording a known
/// token again makes it the newest, and a deleted list's states go.
@Suite struct SyncStatesTests {
    @Test func sqliteKeepsTheNewestStatesOfEachCollection() throws {
        let store = try ReminderStore.inMemory()
        try Self.check(store) { edit in try edit(store) }
    }

    @Test func postgresKeepsTheNewestStatesOfEachCollection() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let workspace = try await SharedWorkspace.open(try PostgresAddress(parsing: try server.createDatabase("store")))
        let outcome = await Task.detached {
            Result { try Self.check(workspace) { edit in try workspace.writing(.reminders, retrying: false, edit) } }
        }.value
        await workspace.close()
        try outcome.get()
    }

    static let work = "00000000-0000-4000-8000-000000000001"
    static let other = "00000000-0000-4000-8000-000000000002"
    static let gone = "00000000-0000-4000-8000-000000000003"

    /// `lists` runs an edit of the store's lists on the engine under test.
    static func check(_ states: any SyncStates, lists: ((ReminderStore) throws -> Void) throws -> Void) throws {
        let kept = SyncStateRecord.keptPerCollection
        try lists { store in
            for (id, title) in [(Self.work, "Work"), (Self.other, "Other"), (Self.gone, "Gone")] {
                _ = try store.save(ReminderList(id: id, title: title))
            }
        }
        let members = ["a.ics": "\"1\"", "b/ c.ics": "\"2\"", "ü.ics": "\"3\""]
        try states.recordSyncState(token: "other-0", collection: "list/\(Self.other)", members: [:])
        for number in 0..<(kept + 8) {
            try states.recordSyncState(token: "work-\(number)", collection: "list/\(Self.work)", members: members)
        }
        // Handed out again: now the newest, so one more state forgets work-9 and not work-8.
        try states.recordSyncState(token: "work-8", collection: "list/\(Self.work)", members: members)
        try states.recordSyncState(token: "work-last", collection: "list/\(Self.work)", members: ["d.ics": "\"4\""])

        #expect(try states.syncState(token: "work-7", collection: "list/\(Self.work)") == nil)
        #expect(try states.syncState(token: "work-9", collection: "list/\(Self.work)") == nil)
        #expect(try states.syncState(token: "work-8", collection: "list/\(Self.work)") == members)
        #expect(try states.syncState(token: "work-10", collection: "list/\(Self.work)") == members)
        #expect(try states.syncState(token: "work-last", collection: "list/\(Self.work)") == ["d.ics": "\"4\""])
        #expect(try states.syncState(token: "work-\(kept + 7)", collection: "list/\(Self.work)") == members)
        // Another collection's states are its own: neither pruned by this one's nor found through it.
        #expect(try states.syncState(token: "other-0", collection: "list/\(Self.other)") == [:])
        #expect(try states.syncState(token: "other-0", collection: "list/\(Self.work)") == nil)
        #expect(try states.syncState(token: "work-10", collection: "list/\(Self.other)") == nil)

        // A deleted list's states go with the next state recorded; a home's and live lists' stay.
        try states.recordSyncState(token: "gone-0", collection: "list/\(Self.gone)", members: members)
        try states.recordSyncState(token: "home-0", collection: "home/anna", members: [:])
        #expect(try states.syncState(token: "gone-0", collection: "list/\(Self.gone)") == members)
        try lists { store in try store.removeList(id: Self.gone) }
        try states.recordSyncState(token: "other-1", collection: "list/\(Self.other)", members: [:])
        #expect(try states.syncState(token: "gone-0", collection: "list/\(Self.gone)") == nil)
        #expect(try states.syncState(token: "home-0", collection: "home/anna") == [:])
        #expect(try states.syncState(token: "other-0", collection: "list/\(Self.other)") == [:])
        #expect(try states.syncState(token: "work-8", collection: "list/\(Self.work)") == members)
    }
}
