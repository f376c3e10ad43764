import Dispatch
import PostgresNIO
import Synchronization

/// One PostgreSQL connection that is opened again when it was lost: a restarted, killed or
/// unreachable database closes every connection, and a part of `serve` that kept using its old
/// one would fail for as long as the process runs. Each use asks for ``connection()``, which
/// hands out the open connection or, once it is closed, connects anew (and throws while the
/// database is still away, for the caller to try again later).
///
/// postgres-nio's `PostgresClient` pool reconnects by itself; this is for the connections a part
/// holds alone (leases, the change listener, the evaluation thread, the API's blocking shelf).
package final class ReconnectingConnection: Sendable {
    let address: PostgresAddress
    let current: Mutex<PostgresConnection?>

    /// - Parameter connection: an open connection to start with; nil connects at first use.
    package init(address: PostgresAddress, connection: PostgresConnection? = nil) {
        self.address = address
        current = Mutex(connection)
    }

    /// The open connection, or a new one when the last was closed.
    package func connection() async throws -> PostgresConnection {
        if let live = current.withLock({ $0 }), !live.isClosed { return live }
        let fresh = try await PostgresSession.connect(to: address)
        // Two callers may have reconnected at once: the first one's connection is kept.
        let (kept, replaced) = current.withLock { current -> (PostgresConnection, PostgresConnection?) in
            if let live = current, !live.isClosed { return (live, fresh) }
            defer { current = fresh }
            return (fresh, current)
        }
        if let replaced, replaced !== kept { try? await replaced.close() }
        return kept
    }

    /// ``connection()`` for a thread that may block (never an event loop, nor Swift concurrency's
    /// threads): an evaluation thread, the API's blocking pool.
    package func blockingConnection() throws -> PostgresConnection {
        if let live = current.withLock({ $0 }), !live.isClosed { return live }
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<PostgresConnection, any Error>?>(nil)
        Task {
            let outcome = await Result { () async throws -> PostgresConnection in try await self.connection() }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0! }.get()
    }

    /// A connection still open when its owner is dropped (a caller that threw before closing) is
    /// closed, and kept alive until it is: postgres-nio asserts on freeing an open connection.
    deinit {
        if let connection = current.withLock({ $0 }), !connection.isClosed { connection.closeWhenDropped() }
    }

    /// Closes the connection, if one is open; a later use connects again.
    package func close() async {
        let connection = current.withLock { current in
            defer { current = nil }
            return current
        }
        try? await connection?.close()
    }
}

extension PostgresConnection {
    /// Starts closing and holds the connection until it is closed, for a caller that cannot wait
    /// (a deinit): postgres-nio asserts that a connection is closed before it is freed.
    package func closeWhenDropped() {
        let closing: EventLoopFuture<Void> = close()
        closing.whenComplete { _ in withExtendedLifetime(self) {} }
    }
}

extension Result where Failure == any Error {
    /// The result of an async throwing body.
    init(_ body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
