import Foundation
import GeoReminders
import GeofenceEngine
import Logging
import ServiceLifecycle
import SharedEvaluation
import SharedStore
import TestSupport
import Testing

/// The shared store's evaluation as `serve` assembles it, in one process with no HTTP: fixes
/// posted through ``InboxIngestion`` wait in their partition's inbox, the instance's
/// ``PartitionedEvaluator`` takes its leases, evaluates them and records the alarm in the outbox
/// once; a second instance started after the first stopped continues from the saved state and
/// fires nothing twice. Against a real PostgreSQL (TestSupport's).
@Suite struct PartitionedEvaluatorTests {
    static let shop = StructuredLocation(title: "Shop", latitude: 52.5200, longitude: 13.4050, radius: 100)
    /// 2026-05-08T02:13:20Z (seconds since 2001).
    static let start = 800_000_000.0

    static func fix(_ seconds: Double, north metres: Double) -> Fix {
        Fix(
            time: Date(timeIntervalSinceReferenceDate: start + seconds), latitude: shop.latitude + metres / 111_320,
            longitude: shop.longitude, accuracy: 5, device: "anna-phone")
    }

    @Test func postedFixesFireTheArrivalOnceAcrossARestart() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let address = try PostgresAddress(parsing: try server.createDatabase("store"))
        let workspace = try await SharedWorkspace.open(address)
        let milk = try await Task.detached {
            try workspace.writing(.credentials) { _ = try $0.createToken(name: "anna-phone", scope: .ingest) }
            return try workspace.writing(.reminders) { store in
                try store.save(Reminder(title: "Buy milk", alarms: [Alarm(trigger: .location(location: Self.shop, proximity: .enter))]))
            }
        }.value
        let setup = try await SharedDatabase.open(address)
        let partitions = try await SharedDatabase.partitioning(setup)
        try await setup.close()

        // Outside, then inside: one arrival. The first instance stops (state saved, leases given up).
        try await Self.runInstance("a", address: address, partitions: partitions) { ingestion in
            _ = try await ingestion.submit([Self.fix(0, north: 500), Self.fix(60, north: 10)], crossings: [], tokenName: "anna-phone")
            try await Self.waitUntil { try await Self.events(workspace).count == 1 }
        }
        // Still inside, then out and in again later: the second instance knows the phone was inside.
        try await Self.runInstance("b", address: address, partitions: partitions) { ingestion in
            _ = try await ingestion.submit([Self.fix(120, north: 5)], crossings: [], tokenName: "anna-phone")
            try await Self.waitUntil { try server.psql("SELECT count(*) FROM fixInbox", database: "store") == "0\n" }
        }
        let events = try await Self.events(workspace)
        await workspace.close()
        #expect(events.map(\.type) == [.arrive])
        #expect(events.map(\.reminder.id) == [milk.id])
        #expect(events.map(\.device) == ["anna-phone"])
        #expect(events.map(\.time) == [Date(timeIntervalSinceReferenceDate: Self.start + 60)])
        #expect(try server.psql("SELECT name, account FROM device", database: "store") == "anna-phone|default\n")
    }

    /// Runs one instance's pool and evaluator under a service group for `body`, then stops it
    /// gracefully, as SIGTERM does.
    static func runInstance(
        _ owner: String, address: PostgresAddress, partitions: DevicePartition, _ body: (InboxIngestion) async throws -> Void
    ) async throws {
        let logger = Logger(label: "test")
        var settings = PartitionedEvaluator.Settings(owner: owner)
        settings.leaseSeconds = 4
        let evaluator = PartitionedEvaluator(address: address, settings: settings, logger: logger)
        let client = SharedDatabase.pool(address, connections: 2, logger: logger)
        let group = ServiceGroup(services: [client, evaluator], logger: logger)
        let running = Task { try await group.run() }
        do {
            try await body(InboxIngestion(client: client, partitions: partitions))
        } catch {
            await group.triggerGracefulShutdown()
            _ = await running.result
            throw error
        }
        await group.triggerGracefulShutdown()
        try await running.value
    }

    static func events(_ workspace: SharedWorkspace) async throws -> [OutboxEvent] {
        try await Task.detached { try workspace.outboxEvents(after: 0, limit: 100) }.value
    }

    /// Polls `condition` every 50 ms for at most 30 s.
    static func waitUntil(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<600 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the condition did not hold within 30 s")
    }
}
