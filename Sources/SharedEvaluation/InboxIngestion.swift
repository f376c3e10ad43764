import Foundation
import GeofenceEngine
import LiveEvaluation
import PostgresNIO
import SharedStore
import Synchronization

/// Ingestion on a shared PostgreSQL store: requests' fixes go to their partitions' inboxes and
/// each request is acknowledged once they committed, so an acknowledged fix survives the death of
/// every instance. The partitions' owners evaluate them (``PartitionedEvaluator``); devices first
/// seen with a token are registered in the same transaction. Tokens' and devices' uses are gathered
/// for ``recordUses(force:)``.
///
/// Requests that arrive while a transaction is committing share the next one (group commit, as
/// ``LiveEvaluator`` does on SQLite): with PostgreSQL's fsync on, one transaction per request held
/// three instances to 1,760 fixes/s.
package final class InboxIngestion: FixIngestion {
    let client: PostgresClient
    let partitions: DevicePartition
    /// Transactions in flight at once: the connections the instance's requests share.
    let committers: Int
    /// Devices this instance registered or saw registered: not inserted again.
    let knownDevices = Mutex<Set<String>>([])
    let waiting = Mutex<(requests: [Request], committing: Int)>(([], 0))
    let uses = Mutex(UseSifter())
    /// Whether the database takes this instance's commits now (its partitions' heartbeats, a
    /// write every few seconds, say so): ``FixIngestion/isCommitting``.
    let reachable: @Sendable () -> Bool
    package var isCommitting: Bool { reachable() }

    struct Request {
        var fixes: [Fix]
        var crossings: [ReportedCrossing]
        var tokenName: String?
        var continuation: CheckedContinuation<IngestOutcome, any Error>
    }

    /// `client` must be running (a service of the same group).
    package init(
        client: PostgresClient, partitions: DevicePartition, committers: Int = 4, reachable: @escaping @Sendable () -> Bool = { true }
    ) {
        self.reachable = reachable
        self.client = client
        self.partitions = partitions
        self.committers = committers
    }

    package func submit(_ fixes: [Fix], crossings: [ReportedCrossing], tokenName: String?) async throws -> IngestOutcome {
        try await withCheckedThrowingContinuation { continuation in
            let lead = waiting.withLock { state -> Bool in
                state.requests.append(Request(fixes: fixes, crossings: crossings, tokenName: tokenName, continuation: continuation))
                guard state.committing < committers else { return false }
                state.committing += 1
                return true
            }
            if lead { Task { await self.commitWaiting() } }
        }
    }

    /// Commits what is waiting, batch after batch, until nothing is.
    func commitWaiting() async {
        while true {
            let batch = waiting.withLock { state -> [Request] in
                let batch = state.requests
                state.requests.removeAll()
                if batch.isEmpty { state.committing -= 1 }
                return batch
            }
            guard !batch.isEmpty else { return }
            do {
                // postgres-nio's pool waits for a connection as long as the database is away:
                // the phones get a 503 at once, or after the deadline, to send again later.
                guard reachable() else { throw SharedStoreError.unreachable }
                try await Deadline.within(seconds: Self.commitDeadline) { try await self.commit(batch) }
                for request in batch {
                    var outcome = IngestOutcome()
                    outcome.queued = request.fixes.count
                    request.continuation.resume(returning: outcome)
                }
            } catch {
                for request in batch { request.continuation.resume(throwing: error) }
            }
        }
    }

    /// Seconds a group commit may take before its requests are answered 503 (a commit that lands
    /// after it was a fix answered 503 but kept: the phone sends it again, and it is a duplicate).
    static let commitDeadline = 5.0

    func commit(_ batch: [Request]) async throws {
        let known = knownDevices.withLock { $0 }
        var register: [(id: String, tokenName: String)] = []
        var registering: Set<String> = []
        for request in batch {
            guard let tokenName = request.tokenName else { continue }
            let devices = request.fixes.compactMap(\.device) + request.crossings.compactMap(\.fix.device)
            for device in Set(devices) where !known.contains(device) {
                if registering.insert(device).inserted { register.append((device, tokenName)) }
            }
        }
        let fixes = batch.flatMap(\.fixes)
        let crossings = batch.flatMap(\.crossings)
        let newDevices = register.sorted { $0.id < $1.id }
        try await client.withTransaction(logger: SharedDatabase.logger) { db in
            try await FixInbox.post(fixes, crossings: crossings, partitions: partitions, on: db)
            try await SharedCredentials.registerDevices(newDevices, on: db)
            // The owners wake as this commits, not at their next look at the inboxes.
            try await StoreNotification.inbox.send(on: db)
        }
        uses.withLock {
            $0.gather(
                tokens: Set(batch.compactMap(\.tokenName)), devices: Set(fixes.compactMap(\.device) + crossings.compactMap(\.fix.device)))
        }
        if !registering.isEmpty { knownDevices.withLock { $0.formUnion(registering) } }
    }

    /// Writes when the tokens and devices of acknowledged requests were last used, as ``UseSifter``
    /// lets through (each at most once a minute); `force` writes what is waiting (at shutdown).
    package func recordUses(force: Bool = false) async throws {
        let now = Date()
        guard let due = uses.withLock({ $0.add(tokens: [], devices: [], at: now, force: force) }) else { return }
        try await client.withConnection { db in
            try await SharedCredentials.recordUse(tokens: due.tokens, devices: due.devices, at: now, on: db)
        }
        uses.withLock { $0.written(due, at: now) }
    }
}
