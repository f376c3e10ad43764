import PostgresNIO
import Synchronization

/// Lends one connection to one task at a time, in the order they asked. postgres-nio sends a
/// connection's queries in the order they are made, so without turns another task's statement
/// could land inside a transaction this task has open.
final class ConnectionTurn: Sendable {
    let connection: PostgresConnection
    /// Whether a task has the connection, and who waits for it, first first.
    private typealias Queue = (busy: Bool, waiting: [CheckedContinuation<Void, Never>])
    private let state = Mutex<Queue>((false, []))

    init(_ connection: PostgresConnection) {
        self.connection = connection
    }

    /// Runs `body` with the connection once every earlier caller's `body` has returned.
    func run<T>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
            let now = state.withLock { (state: inout Queue) in
                if state.busy {
                    state.waiting.append(turn)
                    return false
                }
                state.busy = true
                return true
            }
            if now { turn.resume() }
        }
        defer {
            let next = state.withLock { (state: inout Queue) -> CheckedContinuation<Void, Never>? in
                if state.waiting.isEmpty {
                    state.busy = false
                    return nil
                }
                return state.waiting.removeFirst()
            }
            next?.resume()
        }
        return try await body(connection)
    }
}
