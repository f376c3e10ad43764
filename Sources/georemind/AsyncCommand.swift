import Foundation
import Synchronization

/// Runs async library code from a synchronous command: `main()` stays one synchronous path, so every
/// failure still leaves as one `error:` line. The calling thread waits; the work runs on the
/// concurrency pool, which never includes the main thread.
enum AsyncCommand {
    static func run(_ body: @escaping @Sendable () async throws -> Void) throws {
        let failure = Mutex<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await body()
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// The value of async library code, computed as ``run(_:)`` runs it.
    static func value<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let result = Mutex<T?>(nil)
        try run {
            let value = try await body()
            result.withLock { $0 = value }
        }
        guard let value = result.withLock({ $0 }) else { preconditionFailure("run returned without a value or an error") }
        return value
    }
}
