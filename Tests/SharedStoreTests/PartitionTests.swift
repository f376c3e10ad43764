import Foundation
import GeofenceEngine
import PostgresNIO
import SharedStore
import TestSupport
import Testing

/// Several servers on one PostgreSQL, at the storage level: devices routed to partitions, leases
/// shared fairly and lost when an instance stops renewing, fencing by epoch, and the fix inbox
/// consumed exactly once and in order across a takeover. Against a real server (TestSupport).
@Suite(.serialized) struct PartitionTests {
    let server: PostgresServer
    let address: PostgresAddress
    let connections: OpenConnections

    init() throws {
        server = try PostgresServer()
        address = try PostgresAddress(parsing: try server.createDatabase("fleet"))
        connections = OpenConnections(address)
    }

    @Test func devicesGoToFixedPartitions() {
        // FNV-1a 64 of the UTF-8 bytes, modulo 64 (values checked with an independent Python version).
        let partitions = DevicePartition(count: 64)
        #expect(partitions.partition(of: "car") == 1)
        #expect(partitions.partition(of: "phone") == 47)
        #expect(partitions.partition(of: "4f7c1a") == 3)
        #expect(partitions.partition(of: "émilie-phone") == 46)
        #expect(partitions.partition(of: "") == 37)
    }

    @Test func leasesAreSharedFairlyAndEachPartitionHasOneOwner() async throws {
        let first = try await PartitionLeases(address: address, owner: "a", leaseSeconds: 30)
        let alone = try await first.heartbeat()
        #expect(alone.held.count == 64 && alone.liveInstances == 1 && alone.surplus.isEmpty)
        #expect(alone.held.allSatisfy { $0.epoch == 1 })

        let second = try await PartitionLeases(address: address, owner: "b", leaseSeconds: 30)
        #expect(try await second.heartbeat().held.isEmpty)  // nothing free yet
        let crowded = try await first.heartbeat()
        #expect(crowded.liveInstances == 2 && crowded.surplus == Array(32..<64))
        try await first.release(crowded.surplus)
        let joined = try await second.heartbeat()
        #expect(joined.held.map(\.partition) == Array(32..<64) && joined.held.allSatisfy { $0.epoch == 2 })
        #expect(try await first.heartbeat().held.map(\.partition) == Array(0..<32))
        let owners = try server.psql("SELECT owner, count(*) FROM partitionLease GROUP BY owner ORDER BY owner", database: "fleet")
        #expect(owners == "a|32\nb|32\n")
        await first.close()
        await second.close()
    }

    @Test func aSilentInstanceLosesItsLeasesAndItsLateCommitIsRefused() async throws {
        let dying = try await PartitionLeases(address: address, owner: "dying", leaseSeconds: 2)
        let held = try await dying.heartbeat().held
        #expect(held.count == 64)
        // The survivor's own lease is long: its take below must not lapse on a loaded machine.
        let survivor = try await PartitionLeases(address: address, owner: "survivor", leaseSeconds: 30)
        // Renewed just before, so the survivor finds nothing free however long opening it took on a
        // loaded test run (a 1 s lease once lapsed in between).
        #expect(try await dying.heartbeat().held.count == 64)
        #expect(try await survivor.heartbeat().held.isEmpty)
        // The dying instance stops renewing (as after kill -9); within the lease the survivor takes all.
        let start = ContinuousClock.now
        var taken: [PartitionLease] = []
        while taken.count < 64, ContinuousClock.now - start < .seconds(15) {
            try await Task.sleep(for: .milliseconds(100))
            taken = try await survivor.heartbeat().held
        }
        let takeover = ContinuousClock.now - start
        #expect(taken.count == 64 && taken.allSatisfy { $0.epoch == 2 }, "\(taken.count) taken")
        // The 2 s lease and a 100 ms poll; a full test run on two cores once needed 4.9 s for the
        // survivor's heartbeats to reach the database, so the bound says "soon after the lease", not more.
        #expect(takeover < .seconds(8), "took \(takeover)")
        // The old owner's commit for partition 5 is refused; the new owner's goes through.
        let late = try await connections.open()
        await #expect(throws: SharedStoreError.leaseLost(partition: 5)) {
            try await FixInbox.take(partition: held[5], owner: "dying", limit: 10, on: late) { _, _ in }
        }
        #expect(try await FixInbox.take(partition: taken[5], owner: "survivor", limit: 10, on: late) { _, _ in } == 0)
        try await late.close()
        await survivor.close()
        await dying.close()
    }

    /// An instance cut off from the database in the middle of a fenced transaction (its lease row
    /// share-locked, no COMMIT coming, the connection never closed): PostgreSQL ends that
    /// transaction after ``PartitionLeases/abandonedAfter``, so the partition moves instead of
    /// staying locked until the dead connection is noticed (hours of TCP keepalive).
    @Test func aTransactionAbandonedHoldingALeaseRowEndsAndItsPartitionMoves() async throws {
        let dying = try await PartitionLeases(address: address, owner: "dying", leaseSeconds: 2)
        let lease = try #require(try await dying.heartbeat().held.first { $0.partition == 5 })
        let abandoned = try await connections.open()
        try await abandoned.query("BEGIN", logger: Logger(label: "test"))
        var confirmed = 0
        for try await _ in try await abandoned.query(PartitionLeases.confirmation(lease, owner: "dying"), logger: Logger(label: "test")) {
            confirmed += 1
        }
        #expect(confirmed == 1)
        let survivor = try await PartitionLeases(address: address, owner: "survivor", leaseSeconds: 60)
        let start = ContinuousClock.now
        var held: [Int] = []
        while !held.contains(5), ContinuousClock.now - start < .seconds(30) {
            try await Task.sleep(for: .milliseconds(200))
            held = try await survivor.heartbeat().held.map(\.partition)
            // The other partitions move when the 2 s lease lapses; the locked one only later.
            if ContinuousClock.now - start < .seconds(6), held.count == 63 { #expect(!held.contains(5)) }
        }
        #expect(held.contains(5), "partition 5 still locked after \(ContinuousClock.now - start)")
        // Ended by PostgreSQL already, or (were it not) here, before closing needs the row.
        try? await abandoned.close()
        await survivor.close()
        await dying.close()
    }

    @Test func theInboxIsConsumedOnceAndInOrderAcrossAKilledConsumer() async throws {
        let partitions = DevicePartition(count: 64)
        let poster = try await connections.open()
        _ = try server.psql(
            "CREATE TABLE processed (device text, sequence bigint PRIMARY KEY, latitude double precision, processedOrder bigint GENERATED ALWAYS AS IDENTITY)",
            database: "fleet")
        // 40 devices, 25 fixes each, posted interleaved in requests of 50 from two receivers.
        var fixes: [Fix] = []
        for step in 0..<25 {
            for device in 0..<40 {
                fixes.append(
                    Fix(
                        time: Date(timeIntervalSince1970: 1_700_000_000 + Double(step)), latitude: Double(step),
                        longitude: Double(device), accuracy: 5, device: "d\(device)"))
            }
        }
        let other = try await connections.open()
        for (index, chunk) in stride(from: 0, to: fixes.count, by: 50).map({ Array(fixes[$0..<min($0 + 50, fixes.count)]) })
            .enumerated()
        {
            try await FixInbox.post(chunk, partitions: partitions, on: index.isMultiple(of: 2) ? poster : other)
        }
        #expect(try server.psql("SELECT count(*) FROM fixInbox", database: "fleet") == "1000\n")

        // 3 s: renewed before each take, and a take on a loaded CI machine once outlasted 1 s (the
        // lease lapsed, the take threw, and the unclosed connections aborted the test process).
        let first = try await PartitionLeases(address: address, owner: "first", leaseSeconds: 3)
        let leases = try await first.heartbeat().held
        let consumer = try await connections.open()
        // The first owner processes a few batches of every partition, then dies in the middle of
        // one: its transaction has taken and "processed" fixes but never commits.
        for lease in leases {
            // Renewed as a live instance does: on a loaded machine 64 takes can outlast a 1 s lease.
            // Under a full test run a take once began more than 3 s after the renewal: the lease
            // lapsed (nobody else took it) and the take refused. Renewal keeps the epoch: take again.
            var done = false
            while !done {
                _ = try await first.heartbeat()
                do {
                    _ = try await FixInbox.take(partition: lease, owner: "first", limit: 3, on: consumer, Self.record)
                    done = true
                } catch SharedStoreError.leaseLost {
                    continue
                }
            }
        }
        let doomed = try await connections.open()
        let dying = Task {
            try await FixInbox.take(partition: leases[1], owner: "first", limit: 100, on: doomed) { taken, db in
                try await Self.record(taken, db)
                try await Task.sleep(for: .seconds(30))  // killed before it commits
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        try await doomed.close()  // the connection drops, as when the process is killed
        _ = await dying.result

        let second = try await PartitionLeases(address: address, owner: "second", leaseSeconds: 5)
        var taken: [PartitionLease] = []
        while taken.count < 64 {
            try await Task.sleep(for: .milliseconds(100))
            taken = try await second.heartbeat().held
        }
        let survivor = try await connections.open()
        for lease in taken {
            // Renewed as a live instance does; should the lease still lapse between renewal and
            // take under a full test run's load, the take refuses: renew and take again.
            var more = true
            while more {
                _ = try await second.heartbeat()
                do {
                    more = try await FixInbox.take(partition: lease, owner: "second", limit: 7, on: survivor, Self.record) > 0
                } catch SharedStoreError.leaseLost {
                    continue
                }
            }
        }
        // Every fix processed exactly once (the primary key would have refused a second), none left.
        #expect(try server.psql("SELECT count(*), count(DISTINCT (device, latitude)) FROM processed", database: "fleet") == "1000|1000\n")
        #expect(try server.psql("SELECT count(*) FROM fixInbox", database: "fleet") == "0\n")
        // Per device, processed in the order posted: the step (latitude) rises in processing order.
        let disorder = try server.psql(
            """
            SELECT count(*) FROM (SELECT latitude < lag(latitude) OVER (PARTITION BY device ORDER BY processedOrder) AS back
            FROM processed) AS steps WHERE back
            """, database: "fleet")
        #expect(disorder == "0\n")
        for connection in [poster, other, consumer, survivor] { try await connection.close() }
        await first.close()
        await second.close()
    }

    /// A real client killed with SIGKILL while it holds the partition's fixes locked: PostgreSQL
    /// ends its transaction, and the next owner takes every fix.
    @Test func fixesLockedByAKilledProcessGoToTheNextOwner() async throws {
        let partitions = DevicePartition(count: 64)
        let db = try await connections.open()
        let fixes = (0..<100).map {
            Fix(time: Date(timeIntervalSince1970: 1_700_000_000 + Double($0)), latitude: 1, longitude: 2, device: "car")
        }
        try await FixInbox.post(fixes, partitions: partitions, on: db)
        let partition = partitions.partition(of: "car")
        let holder = try server.startPSQL(
            "BEGIN; SELECT sequence FROM fixInbox WHERE partition = \(partition) FOR UPDATE; SELECT pg_sleep(60);", database: "fleet")
        let owner = try await PartitionLeases(address: address, owner: "owner", leaseSeconds: 60)
        let lease = try #require(try await owner.heartbeat().held.first { $0.partition == partition })
        // Once the holder sleeps with the rows locked, they are skipped, not waited for.
        var sleeping = false
        for _ in 0..<100 where !sleeping {
            try await Task.sleep(for: .milliseconds(100))
            sleeping =
                try server.psql("SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep'", database: "fleet") == "1\n"
        }
        #expect(sleeping)
        #expect(try await FixInbox.take(partition: lease, owner: "owner", limit: 500, on: db) { _, _ in } == 0)
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        var taken = 0
        for _ in 0..<50 where taken == 0 {  // PostgreSQL ends the dead client's transaction
            try await Task.sleep(for: .milliseconds(100))
            taken = try await FixInbox.take(partition: lease, owner: "owner", limit: 500, on: db) { items, _ in
                #expect(items.map(\.fix) == fixes)
            }
        }
        #expect(taken == 100)
        try await db.close()
        await owner.close()
    }

    /// A phone's reported crossing waits in the inbox with its device's fixes, after them as
    /// posted, and comes back whole: region by `rid` (any character, `|` included) or `wtst` alone.
    @Test func reportedCrossingsWaitInTheInboxBesideTheFixes() async throws {
        let partitions = DevicePartition(count: 64)
        let db = try await connections.open()
        let at = { (seconds: Double) in Date(timeIntervalSince1970: 1_700_000_000 + seconds) }
        let fixes = [Fix(time: at(0), latitude: 1, longitude: 2, accuracy: 5, device: "ann/phone")]
        let crossings = [
            ReportedCrossing(
                kind: .enter, regionID: "gr-|odd|rid", regionStamp: 1_496_055_803, trigger: .regionMonitoring,
                fix: Fix(time: at(10), latitude: 1.5, longitude: 2.5, accuracy: 65, device: "ann/phone")),
            ReportedCrossing(
                kind: .leave, regionID: nil, regionStamp: 1_558_351_273, trigger: .location,
                fix: Fix(time: at(20), latitude: 1.25, longitude: 2.25, accuracy: nil, device: "ann/phone")),
        ]
        try await FixInbox.post(fixes, crossings: crossings, partitions: partitions, on: db)
        let owner = try await PartitionLeases(address: address, owner: "owner", leaseSeconds: 60)
        let partition = partitions.partition(of: "ann/phone")
        let lease = try #require(try await owner.heartbeat().held.first { $0.partition == partition })
        let taken = try await FixInbox.take(partition: lease, owner: "owner", limit: 10, on: db) { items, _ in
            #expect(items.map(\.fix) == fixes + crossings.map(\.fix))
            #expect(items.map(\.crossing) == [nil] + crossings)
        }
        #expect(taken == 3)
        try await db.close()
        await owner.close()
    }

    /// A part that threw before closing its leases drops them with the connection open: the
    /// connection is closed then (a debug build would otherwise trap, a release build leak it).
    @Test func leasesDroppedWithoutClosingCloseTheirConnection() async throws {
        let others = "SELECT count(*) FROM pg_stat_activity WHERE datname = 'fleet' AND pid <> pg_backend_pid()"
        let before = try server.psql(others, database: "fleet")
        do {
            let dropped = try await PartitionLeases(address: address, owner: "dropped", leaseSeconds: 5)
            #expect(try await dropped.heartbeat().held.count == 64)
            #expect(try server.psql(others, database: "fleet") != before)
        }
        var after = ""
        for _ in 0..<50 where after != before {
            try await Task.sleep(for: .milliseconds(100))
            after = try server.psql(others, database: "fleet")
        }
        #expect(after == before)
    }

    /// What an owner's evaluation would write: one row per fix, in the inbox's transaction.
    @Sendable static func record(_ fixes: [InboxFix], _ db: PostgresConnection) async throws {
        for item in fixes {
            try await db.query(
                "INSERT INTO processed (device, sequence, latitude) VALUES (\(item.fix.device ?? ""), \(item.sequence), \(item.fix.coordinate.latitude))",
                logger: Logger(label: "test"))
        }
    }
}
