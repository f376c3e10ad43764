import Foundation
import PostgresNIO

/// A few connections lent, one caller each, to blocking callers (``SharedWorkspace``'s): a caller
/// waits for one to come back when all are out. A transaction's statements stay on the one it holds.
final class ConnectionShelf: @unchecked Sendable {
    // @unchecked: `idle` is touched only under `condition`'s lock.
    let all: [PostgresConnection]
    private var idle: [PostgresConnection]
    private let condition = NSCondition()

    init(_ connections: [PostgresConnection]) {
        precondition(!connections.isEmpty, "a shelf lends at least one connection")
        all = connections
        idle = connections
    }

    /// Runs `body` with a connection no other caller holds meanwhile.
    func with<T>(_ body: (PostgresConnection) throws -> T) rethrows -> T {
        condition.lock()
        while idle.isEmpty { condition.wait() }
        let connection = idle.removeLast()
        condition.unlock()
        defer {
            condition.lock()
            idle.append(connection)
            condition.signal()
            condition.unlock()
        }
        return try body(connection)
    }
}
