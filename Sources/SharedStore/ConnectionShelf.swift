import Foundation
import PostgresNIO

/// A few connections lent, one caller each, to blocking callers (``SharedWorkspace``'s): a caller
/// waits for one to come back when all are out. A transaction's statements stay on the one it holds.
/// A connection the database closed (a restart) is opened again when it is next lent.
final class ConnectionShelf: @unchecked Sendable {
    // @unchecked: `idle` is touched only under `condition`'s lock.
    let all: [ReconnectingConnection]
    private var idle: [ReconnectingConnection]
    private let condition = NSCondition()

    init(_ connections: [ReconnectingConnection]) {
        precondition(!connections.isEmpty, "a shelf lends at least one connection")
        all = connections
        idle = connections
    }

    /// Runs `body` with a connection no other caller holds meanwhile; throws the connecting
    /// error when the database cannot be reached.
    func with<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
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
        return try body(try link.blockingConnection())
    }
}
