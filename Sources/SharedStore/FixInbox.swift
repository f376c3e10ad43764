import Foundation
import GeofenceEngine
import PostgresNIO

/// A fix waiting in its partition's inbox, with the order it arrived in; or a phone's reported
/// crossing, whose `fix` is then the crossing's.
package struct InboxFix: Sendable, Equatable {
    package let sequence: Int64
    package let fix: Fix
    package var crossing: ReportedCrossing?
}

/// Fixes on their way from whichever instance received them to their partition's owner, through
/// PostgreSQL: any instance posts (and may acknowledge the phone once the post commits); the owner
/// takes them in arrival order, and deletes them in the transaction that records what they fired.
package enum FixInbox {
    /// Rows per INSERT: 8 columns each, well under PostgreSQL's 65,535 parameters.
    static let insertBatch = 1000

    /// Adds fixes, then the phones' reported crossings, to their devices' partitions' inboxes in
    /// one transaction of the caller's (or its own statement); per device, the order given is the
    /// order taken.
    package static func post(
        _ fixes: [Fix], crossings: [ReportedCrossing] = [], partitions: DevicePartition, on db: PostgresConnection
    ) async throws {
        let received = Date().timeIntervalSinceReferenceDate
        let rows = fixes.map { (fix: $0, crossing: String?.none) } + crossings.map { ($0.fix, $0.inboxText) }
        do {
            var start = 0
            while start < rows.count {
                let batch = rows[start..<min(start + insertBatch, rows.count)]
                var bindings = PostgresBindings(capacity: batch.count * 8)
                var tuples: [String] = []
                tuples.reserveCapacity(batch.count)
                var parameter = 0
                for (fix, crossing) in batch {
                    let device = fix.device ?? ""
                    bindings.append(Int32(partitions.partition(of: device)))
                    bindings.append(device)
                    bindings.append(fix.time?.timeIntervalSinceReferenceDate)
                    bindings.append(fix.coordinate.latitude)
                    bindings.append(fix.coordinate.longitude)
                    bindings.append(fix.accuracy)
                    bindings.append(received)
                    bindings.append(crossing)
                    tuples.append("(" + (1...8).map { "$\(parameter + $0)" }.joined(separator: ",") + ")")
                    parameter += 8
                }
                let sql =
                    "INSERT INTO fixInbox (partition, device, time, latitude, longitude, accuracy, receivedDate, crossing) VALUES "
                    + tuples.joined(separator: ",")
                try await db.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: PostgresSession.logger)
                start += insertBatch
            }
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    /// Takes up to `limit` of the partition's oldest fixes and runs `body` on them inside one
    /// transaction that first confirms `owner` still holds `lease`, and finally deletes them: if
    /// the lease was lost, `body` throws, or the connection dies (kill -9), nothing is taken and
    /// the fixes stay for the partition's next owner. `body` writes what the fixes fired on the
    /// connection it is given, in the same transaction. Returns how many fixes were taken.
    @discardableResult
    package static func take(
        partition lease: PartitionLease, owner: String, limit: Int, on connection: PostgresConnection,
        _ body: @Sendable ([InboxFix], PostgresConnection) async throws -> Void
    ) async throws -> Int {
        do {
            return try await connection.withTransaction(logger: PostgresSession.logger) { db in
                try await PartitionLeases.confirm(lease, owner: owner, on: db)
                var taken: [InboxFix] = []
                for try await row in try await db.query(oldest(lease.partition, limit: limit), logger: PostgresSession.logger) {
                    taken.append(try inboxFix(row))
                }
                guard !taken.isEmpty else { return 0 }
                try await body(taken, db)
                try await db.query(deletion(of: taken, partition: lease.partition), logger: PostgresSession.logger)
                return taken.count
            }
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    /// The partition's oldest fixes, locked; those another transaction holds are skipped, not waited for.
    static func oldest(_ partition: Int, limit: Int) -> PostgresQuery {
        """
        SELECT sequence, device, time, latitude, longitude, accuracy, crossing FROM fixInbox
        WHERE partition = \(partition) ORDER BY sequence LIMIT \(limit) FOR UPDATE SKIP LOCKED
        """
    }

    /// A row of ``oldest(_:limit:)``.
    static func inboxFix(_ row: PostgresRow) throws -> InboxFix {
        let (sequence, device, time, latitude, longitude, accuracy, crossing) = try row.decode(
            (Int64, String, Double?, Double, Double, Double?, String?).self)
        let fix = Fix(
            time: time.map(Date.init(timeIntervalSinceReferenceDate:)), latitude: latitude, longitude: longitude,
            accuracy: accuracy, device: device.isEmpty ? nil : device)
        return InboxFix(sequence: sequence, fix: fix, crossing: crossing.flatMap { ReportedCrossing(inboxText: $0, fix: fix) })
    }

    /// Deletes exactly the rows taken: a row another transaction had locked was skipped, not taken.
    static func deletion(of taken: [InboxFix], partition: Int) -> PostgresQuery {
        "DELETE FROM fixInbox WHERE partition = \(partition) AND sequence = ANY(\(taken.map(\.sequence)))"
    }
}
