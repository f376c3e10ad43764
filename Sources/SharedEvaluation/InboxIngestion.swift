import GeofenceEngine
import LiveEvaluation
import PostgresNIO
import SharedStore
import Synchronization

/// Ingestion on a shared PostgreSQL store: a request's fixes go to their partitions' inboxes in
/// one transaction through the instance's small connection pool, and the request is acknowledged
/// once it committed, so an acknowledged fix survives the death of every instance. The
/// partitions' owners evaluate them (``PartitionedEvaluator``); devices first seen with a token
/// are registered in the same transaction.
public final class InboxIngestion: FixIngestion {
    let client: PostgresClient
    let partitions: DevicePartition
    /// Devices this instance registered or saw registered: not inserted again.
    let knownDevices = Mutex<Set<String>>([])

    /// `client` must be running (a service of the same group).
    public init(client: PostgresClient, partitions: DevicePartition) {
        self.client = client
        self.partitions = partitions
    }

    public func submit(_ fixes: [Fix], tokenName: String?) async throws -> IngestOutcome {
        var newDevices: [(id: String, tokenName: String)] = []
        if let tokenName {
            let devices = Set(fixes.compactMap(\.device))
            let known = knownDevices.withLock { $0 }
            newDevices = devices.subtracting(known).sorted().map { ($0, tokenName) }
        }
        let register = newDevices
        try await client.withTransaction(logger: SharedDatabase.logger) { db in
            try await FixInbox.post(fixes, partitions: partitions, on: db)
            try await SharedCredentials.registerDevices(register, on: db)
        }
        if !register.isEmpty { knownDevices.withLock { $0.formUnion(register.map(\.id)) } }
        var outcome = IngestOutcome()
        outcome.queued = fixes.count
        return outcome
    }
}
