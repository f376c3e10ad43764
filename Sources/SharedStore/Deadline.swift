import Synchronization

/// An async call that gives up after a while. postgres-nio can leave a statement unanswered on a
/// connection the database closed mid-statement, and its pool waits for a connection as long as
/// the database is away: parts that must go on (heartbeats, a phone's request) bound each call.
package enum Deadline {
    /// Runs `body`, or throws ``SharedStoreError/timedOut(seconds:)`` once `seconds` have passed.
    /// On time out `body` is cancelled and left to end by itself: it is not waited for, since a
    /// call that ignores cancellation would hold the caller as long as it hangs.
    /// - Parameter lost: polled every quarter of a second; when it turns true (the connection
    ///   `body` waits on was closed), the call ends at once with ``SharedStoreError/connectionLost``.
    package static func within<T: Sendable>(
        seconds: Double, lost: (@Sendable () -> Bool)? = nil, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let answer = FirstAnswer()
        return try await withCheckedThrowingContinuation { continuation in
            let work = Task {
                let result = await Result { () async throws -> T in try await body() }
                if answer.claim() { continuation.resume(with: result) }
            }
            Task {
                let end = ContinuousClock.now + .seconds(seconds)
                while ContinuousClock.now < end, !answer.isTaken {
                    try? await Task.sleep(for: .milliseconds(250))
                    if let lost, lost(), answer.claim() {
                        continuation.resume(throwing: SharedStoreError.connectionLost)
                        work.cancel()
                        return
                    }
                }
                if answer.claim() {
                    continuation.resume(throwing: SharedStoreError.timedOut(seconds: seconds))
                    work.cancel()
                }
            }
        }
    }

    /// Whether the call or its deadline answered first.
    private final class FirstAnswer: Sendable {
        let taken = Atomic<Bool>(false)

        /// True for the first caller only.
        func claim() -> Bool { !taken.exchange(true, ordering: .acquiringAndReleasing) }

        var isTaken: Bool { taken.load(ordering: .acquiring) }
    }
}
