import PostgresNIO

/// Statements waited for on the calling thread, for the store's synchronous callers (an evaluator's
/// own thread, a command, the API's blocking pool): postgres-nio's futures, `wait()`ed. Never on an
/// event loop (NIO traps), nor on Swift concurrency's few threads.
extension PostgresConnection {
    /// Runs one statement and waits for all its rows; PostgreSQL's own error as it came.
    @discardableResult
    func blockingQuery(_ query: PostgresQuery) throws -> PostgresQueryResult {
        try self.query(query, logger: PostgresSession.logger).wait()
    }

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
