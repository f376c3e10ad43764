import Foundation

/// Blocking work on a thread of its own, awaited: an evaluation loop whose store blocks (SQLite's
/// transactions, PostgreSQL's waited-for futures) must not hold one of Swift concurrency's few pool
/// threads (two on a two-core machine) for its whole life.
package enum DedicatedThread {
    /// Starts `body` on a new thread named `name` and returns when it returns, or throws what it threw.
    package static func run(named name: String, _ body: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                do {
                    try body()
                    done.resume()
                } catch {
                    done.resume(throwing: error)
                }
            }
            thread.name = name
            thread.start()
        }
    }
}
