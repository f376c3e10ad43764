import Foundation
import GRDB
import GeofenceEngine
import TestSupport
import Testing

@testable import GeoReminders

/// The live fix log as one blob per group commit: exact bytes, every field's absence, a log left
/// by a v9 server carried over in order, and a damaged blob refused rather than half replayed.
@Suite struct FixLogBatchTests {
    let fixes = [
        Fix(time: Date(timeIntervalSinceReferenceDate: 1.5), latitude: 52.5, longitude: -13.25, accuracy: 8, device: "émilie"),
        Fix(time: nil, latitude: -90, longitude: 180, accuracy: nil, device: nil),
        Fix(time: Date(timeIntervalSinceReferenceDate: -3), latitude: 0, longitude: 0, accuracy: 0, device: ""),
    ]

    @Test func theLayoutIsBigEndianWithNaNForAbsentNumbers() {
        let one = FixLogBatch.encode([fixes[1]])
        // Version, device length -1, then time NaN, -90, 180, accuracy NaN as IEEE doubles.
        let hex = one.map { String(format: "%02x", $0) }.joined()
        let expected = ["01", "ffffffff", "7ff8000000000000", "c056800000000000", "4066800000000000", "7ff8000000000000"]
        #expect(hex == expected.joined())
        let named = FixLogBatch.encode([fixes[0]])
        #expect(named.count == 1 + 4 + 7 + 32)  // "émilie" is 7 UTF-8 bytes
        #expect(Array(named[1..<12]) == [0, 0, 0, 7] + Array("émilie".utf8))
    }

    @Test func fixesComeBackExactlyAndInOrder() throws {
        let decoded = try #require(FixLogBatch.decode(FixLogBatch.encode(fixes)))
        #expect(decoded == fixes)
        #expect(FixLogBatch.decode(FixLogBatch.encode([])) == [])
    }

    @Test func aDamagedBatchIsRefused() {
        let bytes = FixLogBatch.encode(fixes)
        #expect(FixLogBatch.decode(bytes.dropLast()) == nil)
        #expect(FixLogBatch.decode(Data([2]) + bytes.dropFirst()) == nil)
        #expect(FixLogBatch.decode(Data()) == nil)
        // A device length past the end of the blob.
        #expect(FixLogBatch.decode(Data([1, 0x7f, 0xff, 0xff, 0xff, 0x41])) == nil)
    }

    @Test func aV9LogBecomesOneBatchPerKeyInAdmissionOrder() throws {
        let path = try temporaryDirectory().appendingPathComponent("v9.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: "v9-live-fix-log")
        try queue.write { db in
            // Keys interleaved, as two evaluators' commits would be.
            for (key, fix) in [("live", fixes[0]), ("other", fixes[2]), ("live", fixes[1]), ("live", fixes[2])] {
                try db.execute(
                    sql: "INSERT INTO liveFix (stateKey, device, time, latitude, longitude, accuracy) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [
                        key, fix.device, fix.time?.timeIntervalSinceReferenceDate, fix.coordinate.latitude,
                        fix.coordinate.longitude, fix.accuracy,
                    ])
            }
        }
        try queue.close()
        let store = try ReminderStore(path: path, configuration: configuration())
        #expect(try store.liveFixLog(forKey: "live") == [fixes[0], fixes[1], fixes[2]])
        #expect(try store.liveFixLog(forKey: "other") == [fixes[2]])
        #expect(try store.liveFixLog(forKey: "none") == [])
        let tables = try store.database!.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'liveFix%' AND type = 'table'")
        }
        #expect(tables == ["liveFixBatch"])
    }

    @Test func anUnreadableBatchStopsTheReplayWithTheKeyToClear() throws {
        let store = try memoryStore()
        try store.commitEvaluation(firedEvents: [], lateAfter: 60, state: nil, forKey: "live", loggedFixes: [fixes[0]]) {}
        try store.database!.write { db in
            try db.execute(sql: "INSERT INTO liveFixBatch (stateKey, fixes) VALUES ('live', x'0100')")
        }
        #expect(throws: StoreError.unreadableFixLog(key: "live")) { try store.liveFixLog(forKey: "live") }
        // Saving the whole state empties the key's log.
        try store.commitEvaluation(firedEvents: [], lateAfter: 60, state: Data([1]), forKey: "live") {}
        #expect(try store.liveFixLog(forKey: "live") == [])
    }
}
