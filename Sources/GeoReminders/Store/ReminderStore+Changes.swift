import Foundation
import GRDB

extension ReminderStore {
    /// A sequence that yields whenever the store changes — by this store at once, by another
    /// connection or process within about `pollInterval` — as EventKit's
    /// `EKEventStoreChanged` notification: a consumer re-fetches what it shows.
    ///
    /// Changes made elsewhere are seen by polling `PRAGMA data_version` on this store's writer
    /// connection, which moves only when another connection commits
    /// (<https://www.sqlite.org/pragma.html#pragma_data_version>). Bursts coalesce: the stream
    /// buffers one pending element.
    /// - Parameter kinds: which of this store's own commits wake the stream; a commit by another
    ///   connection always does (what it changed is not known).
    public func changes(of kinds: StoreChanges = .all, pollInterval: Duration = .milliseconds(250)) throws
        -> AsyncStream<Void>
    {
        let database = try authorizedDatabase(for: "observe changes", allowedWith: [.full, .writeOnly])
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let token = observers.add(continuation, for: kinds)
        // Read before returning, so that no commit after this call goes unseen.
        let start = try database.writeWithoutTransaction(Self.dataVersion)
        let poller = Task {
            var seen = start
            while !Task.isCancelled {
                try? await Task.sleep(for: pollInterval)
                guard let version = try? await database.writeWithoutTransaction(Self.dataVersion) else { continue }
                if version != seen {
                    seen = version
                    continuation.yield()
                }
            }
        }
        continuation.onTermination = { [observers] _ in
            poller.cancel()
            observers.remove(token)
        }
        return stream
    }

    @Sendable private static func dataVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }
}
