import Foundation
import PostgresNIO

/// A partition held by one instance, with the epoch it was taken at: the fencing token every
/// commit for the partition checks (``PartitionLeases/confirm(_:owner:on:)``).
package struct PartitionLease: Sendable, Hashable, Comparable {
    package let partition: Int
    package let epoch: Int64

    package static func < (lhs: PartitionLease, rhs: PartitionLease) -> Bool { lhs.partition < rhs.partition }
}

/// Which partitions of the devices this instance evaluates, as leases in PostgreSQL renewed by
/// heartbeats (a table, not advisory locks: see docs/scaling.md). An instance that stops renewing
/// (killed, paused, cut off) loses its leases when they expire; the others take them with a new
/// epoch, so a late commit of the old owner is refused.
///
/// Times are the server's (`now()`), so instances' clocks need not agree.
package final class PartitionLeases: Sendable {
    package let owner: String
    /// How long a lease lasts without renewal; renew at least three times within it.
    package let leaseSeconds: Double
    /// Opened again after the database comes back: heartbeats resume by themselves.
    let link: ReconnectingConnection

    /// What one heartbeat came to.
    package struct Heartbeat: Sendable, Equatable {
        /// The leases this instance holds now.
        package var held: [PartitionLease]
        /// Partitions beyond this instance's fair share: hand them over with ``release(_:)``
        /// once their state is saved, so a newer instance gets its part.
        package var surplus: [Int]
        /// Instances whose heartbeat has not expired, this one included.
        package var liveInstances: Int
    }

    package init(address: PostgresAddress, owner: String, leaseSeconds: Double = 8) async throws {
        self.owner = owner
        self.leaseSeconds = leaseSeconds
        link = ReconnectingConnection(address: address, connection: try await SharedDatabase.open(address))
    }

    /// Renews this instance's heartbeat and leases, and takes expired partitions up to its fair
    /// share (the partitions divided by the live instances, rounded up), lowest first.
    package func heartbeat() async throws -> Heartbeat {
        let (owner, seconds) = (self.owner, leaseSeconds)
        do {
            return try await link.connection().withTransaction(logger: PostgresSession.logger) { db in
                try await db.query(
                    "SELECT set_config('idle_in_transaction_session_timeout', \(Self.abandonedAfter), true)",
                    logger: PostgresSession.logger)
                try await db.query(
                    """
                    INSERT INTO instanceHeartbeat (owner, expires) VALUES (\(owner), now() + make_interval(secs => \(seconds)))
                    ON CONFLICT (owner) DO UPDATE SET expires = excluded.expires
                    """, logger: PostgresSession.logger)
                // Still ours (nobody took it): renewing is safe even past its expiry.
                try await db.query(
                    "UPDATE partitionLease SET expires = now() + make_interval(secs => \(seconds)) WHERE owner = \(owner)",
                    logger: PostgresSession.logger)
                let live = try await Self.integer("SELECT count(*) FROM instanceHeartbeat WHERE expires > now()", db)
                let partitions = try await Self.integer("SELECT count(*) FROM partitionLease", db)
                let share = FairShare(partitions: partitions, liveInstances: live)
                var held = try await Self.leases(
                    "SELECT partition, epoch FROM partitionLease WHERE owner = \(owner) ORDER BY partition", db)
                if share.takes(holding: held.count) > 0 {
                    held += try await Self.leases(
                        """
                        UPDATE partitionLease SET owner = \(owner), epoch = epoch + 1,
                            expires = now() + make_interval(secs => \(seconds))
                        WHERE partition IN (
                            SELECT partition FROM partitionLease WHERE expires <= now()
                            ORDER BY partition LIMIT \(share.takes(holding: held.count)) FOR UPDATE SKIP LOCKED)
                        RETURNING partition, epoch
                        """, db)
                    held.sort()
                }
                try await db.query(
                    "DELETE FROM instanceHeartbeat WHERE expires < now() - interval '1 hour'", logger: PostgresSession.logger)
                return Heartbeat(held: held, surplus: share.surplus(of: held), liveInstances: live)
            }
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    /// Gives partitions up at once (their state saved): another instance may take them at its
    /// next heartbeat.
    package func release(_ partitions: [Int]) async throws {
        guard !partitions.isEmpty else { return }
        let numbers = partitions.map(Int64.init)
        do {
            try await link.connection().query(
                """
                UPDATE partitionLease SET owner = NULL, expires = '-infinity'
                WHERE owner = \(owner) AND partition = ANY(\(numbers))
                """, logger: PostgresSession.logger)
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    /// Drops the connection (one that stopped answering): the next call connects anew.
    package func reconnect() async {
        await link.close()
    }

    /// Leaves: gives up every lease and the heartbeat, then closes the connection.
    package func close() async {
        if let connection = try? await link.connection() {
            _ = try? await connection.query(
                "UPDATE partitionLease SET owner = NULL, expires = '-infinity' WHERE owner = \(owner)", logger: PostgresSession.logger)
            _ = try? await connection.query("DELETE FROM instanceHeartbeat WHERE owner = \(owner)", logger: PostgresSession.logger)
        }
        await link.close()
    }

    /// Fencing, inside the caller's transaction on `db`: throws ``SharedStoreError/leaseLost(partition:)``
    /// unless `owner` still holds `lease` at this epoch and it has not expired. The row stays
    /// share-locked until the caller commits, so no takeover slips in between.
    package static func confirm(_ lease: PartitionLease, owner: String, on db: PostgresConnection) async throws {
        for try await _ in try await db.query(confirmation(lease, owner: owner), logger: PostgresSession.logger) { return }
        throw SharedStoreError.leaseLost(partition: lease.partition)
    }

    /// How long PostgreSQL lets a transaction that holds lease rows sit idle before it ends it
    /// (`idle_in_transaction_session_timeout`, for that transaction only). An instance cut off from
    /// the database in the middle of one would otherwise keep the rows locked until PostgreSQL
    /// notices the dead connection (TCP keepalive: hours), and no other instance could take its
    /// partitions. Every such transaction runs its statements back to back; seconds idle mean its
    /// client is gone, and what it did is rolled back and done again by the next owner.
    static let abandonedAfter = "10s"

    /// The statement of ``confirm(_:owner:on:)``: one row when the lease is still `owner`'s, none
    /// otherwise; it also bounds the transaction's idle time (``abandonedAfter``).
    package static func confirmation(_ lease: PartitionLease, owner: String) -> PostgresQuery {
        """
        SELECT set_config('idle_in_transaction_session_timeout', \(abandonedAfter), true) FROM partitionLease
        WHERE partition = \(lease.partition) AND owner = \(owner) AND epoch = \(lease.epoch) AND expires > now()
        FOR SHARE
        """
    }

    private static func integer(_ query: PostgresQuery, _ db: PostgresConnection) async throws -> Int {
        for try await value in try await db.query(query, logger: PostgresSession.logger).decode(Int64.self) {
            return Int(value)
        }
        return 0
    }

    private static func leases(_ query: PostgresQuery, _ db: PostgresConnection) async throws -> [PartitionLease] {
        var leases: [PartitionLease] = []
        for try await (partition, epoch) in try await db.query(query, logger: PostgresSession.logger).decode((Int32, Int64).self) {
            leases.append(PartitionLease(partition: Int(partition), epoch: epoch))
        }
        return leases
    }
}
