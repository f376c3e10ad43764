import PostgresNIO
import Synchronization

/// Lends one connection to one task at a time, in the order they asked. postgres-nio sends a
/// connection's queries in the order they are made, so without turns another task's statement
/// could land inside a transaction this task has open. The connection is opened again after the
/// database closed it, and a turn whose connection is lost meanwhile ends with an error.
final class ConnectionTurn: Sendable {
    let link: ReconnectingConnection
    /// Whether a task has the connection, and who waits for it, first first.
    private typealias Queue = (busy: Bool, waiting: [CheckedContinuation<Void, Never>])
    private let state = Mutex<Queue>((false, []))

    init(_ link: ReconnectingConnection) {
        self.link = link
    }

    /// Runs `body` with the connection once every earlier caller's `body` has returned.
    func run<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
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
        let connection = try await link.connection()
        do {
            return try await Deadline.within(seconds: Self.deadline, lost: { connection.isClosed }) { try await body(connection) }
        } catch SharedStoreError.timedOut(let seconds) {
            await link.close()
            throw SharedStoreError.timedOut(seconds: seconds)
        }
    }

    /// The longest one turn's work is waited for.
    static let deadline = 60.0
}
