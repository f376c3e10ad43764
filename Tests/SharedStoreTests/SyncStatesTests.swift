import Foundation
import GeoReminders
import SharedStore
import TestSupport
import Testing

/// The CalDAV sync states both engines record (``SyncStates``): a token is found only for the
/// collection it was handed out for, each collection keeps its newest states, and recording a
/// known token again makes it the newest.
@Suite struct SyncStatesTests {
    @Test func sqliteKeepsTheNewestStatesOfEachCollection() throws {
        try Self.check(try ReminderStore.inMemory())
    }

    @Test func postgresKeepsTheNewestStatesOfEachCollection() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let workspace = try await SharedWorkspace.open(try PostgresAddress(parsing: try server.createDatabase("store")))
        let outcome = await Task.detached { Result { try Self.check(workspace) } }.value
        await workspace.close()
        try outcome.get()
    }

    static func check(_ states: any SyncStates) throws {
        let kept = SyncStateRecord.keptPerCollection
        let members = ["a.ics": "\"1\"", "b/ c.ics": "\"2\"", "ü.ics": "\"3\""]
        try states.recordSyncState(token: "other-0", collection: "list/other", members: [:])
        for number in 0..<(kept + 8) {
            try states.recordSyncState(token: "work-\(number)", collection: "list/work", members: members)
        }
        // Handed out again: now the newest, so one more state forgets work-9 and not work-8.
        try states.recordSyncState(token: "work-8", collection: "list/work", members: members)
        try states.recordSyncState(token: "work-last", collection: "list/work", members: ["d.ics": "\"4\""])

        #expect(try states.syncState(token: "work-7", collection: "list/work") == nil)
        #expect(try states.syncState(token: "work-9", collection: "list/work") == nil)
        #expect(try states.syncState(token: "work-8", collection: "list/work") == members)
        #expect(try states.syncState(token: "work-10", collection: "list/work") == members)
        #expect(try states.syncState(token: "work-last", collection: "list/work") == ["d.ics": "\"4\""])
        #expect(try states.syncState(token: "work-\(kept + 7)", collection: "list/work") == members)
        // Another collection's states are its own: neither pruned by this one's nor found through it.
        #expect(try states.syncState(token: "other-0", collection: "list/other") == [:])
        #expect(try states.syncState(token: "other-0", collection: "list/work") == nil)
        #expect(try states.syncState(token: "work-10", collection: "list/other") == nil)
    }
}
