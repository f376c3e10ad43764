import Dispatch
import Foundation
import PostgresNIO

/// A few connections lent, one caller each, to blocking callers (``SharedWorkspace``'s): a caller
/// waits for one to come back when all are out. A transaction's statements stay on the one it holds.
/// A connection the database closed (a restart) is opened again when it is next lent.
///
/// While the instance finds the database unreachable (`reachable` false: its heartbeats fail, as
/// when a network partition cuts it off), nothing is lent: callers are refused at once. A
/// connection out on loan when that is found is closed, so its caller's statement ends within a
/// quarter of a second instead of waiting out its deadline on a link that carries nothing.
final class ConnectionShelf: @unchecked Sendable {
    // @unchecked: `idle` is touched only under `condition`'s lock.
    let all: [ReconnectingConnection]
    private var idle: [ReconnectingConnection]
    private let condition = NSCondition()
    /// Whether the instance reaches the database; nil where nothing watches (a command).
    let reachable: (@Sendable () -> Bool)?

    init(_ connections: [ReconnectingConnection], reachable: (@Sendable () -> Bool)? = nil) {
        precondition(!connections.isEmpty, "a shelf lends at least one connection")
        all = connections
        idle = connections
        self.reachable = reachable
    }

    /// Runs `body` with a connection no other caller holds meanwhile; throws the connecting
    /// error when the database cannot be reached.
    func with<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        if let reachable, !reachable() { throw SharedStoreError.unreachable }
        condition.lock()
        while idle.isEmpty { condition.wait() }
        let link = idle.removeLast()
        condition.unlock()
        defer {
            condition.lock()
            idle.append(link)
            condition.signal()
            condition.unlock()
        }
        let connection = try link.blockingConnection()
        let watch = reachable.map { Self.closeWhenUnreachable(connection, $0) }
        defer { watch?.cancel() }
        return try body(connection)
    }

    /// Polls `reachable` while `connection` is lent, and closes it once that turns false.
    private static func closeWhenUnreachable(
        _ connection: PostgresConnection, _ reachable: @escaping @Sendable () -> Bool
    ) -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + PostgresConnection.closedCheckInterval, repeating: PostgresConnection.closedCheckInterval)
        // The handler holds the timer until it is cancelled, which releases the handler.
        timer.setEventHandler {
            guard !reachable() else { return }
            connection.closeWhenDropped()
            timer.cancel()
        }
        timer.resume()
        return timer
    }
}
