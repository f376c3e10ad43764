import Dispatch
import PostgresNIO
import Synchronization

/// Statements waited for on the calling thread, for the store's synchronous callers (an evaluator's
/// own thread, a command, the API's blocking pool): postgres-nio's futures, waited for. Never on an
/// event loop (NIO traps), nor on Swift concurrency's few threads.
extension PostgresConnection {
    /// Runs one statement and waits for all its rows; PostgreSQL's own error as it came.
    ///
    /// A statement in flight when the database was killed can be left unanswered on a connection
    /// that is already closed (seen with postgres-nio 1.33): the wait then ends as soon as the
    /// connection is found closed, or after ``blockingDeadline`` at most, instead of never.
    @discardableResult
    func blockingQuery(_ query: PostgresQuery) throws -> PostgresQueryResult {
        guard !isClosed else { throw SharedStoreError.connectionLost }
        let future = self.query(query, logger: PostgresSession.logger)
        let outcome = Mutex<Result<PostgresQueryResult, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        future.whenComplete { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        let deadline = DispatchTime.now() + Self.blockingDeadline
        while done.wait(timeout: .now() + Self.closedCheckInterval) == .timedOut {
            if isClosed { throw SharedStoreError.connectionLost }
            if DispatchTime.now() >= deadline {
                // The answer may still come: the connection is closed, so it will be a failure.
                let _: EventLoopFuture<Void> = close()
                throw SharedStoreError.timedOut(seconds: Self.blockingDeadline)
            }
        }
        return try outcome.withLock { $0! }.get()
    }

    /// The longest a statement is waited for: far more than any statement of the store takes.
    static let blockingDeadline = 60.0
    /// How often a waiting statement checks that its connection is still open.
    static let closedCheckInterval = 0.25

    /// Runs `work` in a transaction begun with `begin`, rolled back if anything throws.
    func blockingTransaction<T>(begin: String, _ work: () throws -> T) throws -> T {
        try blockingQuery(PostgresQuery(unsafeSQL: begin))
        do {
            let result = try work()
            // PostgreSQL answers COMMIT of a failed transaction with ROLLBACK, not an error.
            let end = try blockingQuery("COMMIT")
            guard end.metadata.command == "COMMIT" else { throw SharedStoreError.server("the transaction was rolled back") }
            return result
        } catch {
            _ = try? blockingQuery("ROLLBACK")
            throw error
        }
    }
}
