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
}
