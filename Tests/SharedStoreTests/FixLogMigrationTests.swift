import Foundation
import GeoReminders
import GeofenceEngine
import TestSupport
import Testing

@testable import SharedStore

/// PostgreSQL's sqlite-v10 builds the fix log's batches in SQL: they must be the very bytes
/// `FixLogBatch` writes, or a server would refuse the log it is given after a migration.
@Suite struct FixLogMigrationTests {
    @Test func theOneRowPerFixLogBecomesTheBatchesSQLiteWouldWrite() throws {
        let server = try PostgresServer()
        defer { server.stop() }
        _ = try server.createDatabase("old")
        for statement in PostgresSchema.sqliteV9 where statement.contains("liveFix") {
            _ = try server.psql(statement, database: "old")
        }
        let live = [
            Fix(
                time: Date(timeIntervalSinceReferenceDate: 800_000_000.25), latitude: 52.5, longitude: -13.25, accuracy: 8, device: "émilie"
            ),
            Fix(time: nil, latitude: -90, longitude: 180, accuracy: nil, device: nil),
        ]
        let other = [Fix(time: Date(timeIntervalSinceReferenceDate: -3), latitude: 0, longitude: 0, accuracy: 0, device: "")]
        // Interleaved keys: each key's fixes keep their order.
        for (key, fix) in [("live", live[0]), ("other", other[0]), ("live", live[1])] {
            func literal(_ value: Double?) -> String { value.map { "\($0)" } ?? "NULL" }
            let device = fix.device.map { "'\($0)'" } ?? "NULL"
            _ = try server.psql(
                """
                INSERT INTO liveFix (stateKey, device, time, latitude, longitude, accuracy) VALUES ('\(key)', \(device),
                \(literal(fix.time?.timeIntervalSinceReferenceDate)), \(fix.coordinate.latitude), \(fix.coordinate.longitude),
                \(literal(fix.accuracy)))
                """, database: "old")
        }
        for statement in PostgresSchema.sqliteV10 { _ = try server.psql(statement, database: "old") }
        let batches = try server.psql("SELECT stateKey, encode(fixes, 'hex') FROM liveFixBatch ORDER BY sequence", database: "old")
        func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }
        #expect(batches == "live|\(hex(FixLogBatch.encode(live)))\nother|\(hex(FixLogBatch.encode(other)))\n")
        #expect(try server.psql("SELECT to_regclass('liveFix') IS NULL", database: "old") == "t\n")
    }
}
