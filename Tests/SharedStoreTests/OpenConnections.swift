import PostgresNIO
import SharedStore
import Synchronization

/// The connections one test opens, closed when the test's suite value is dropped however the test
/// ended: a test that threw before its own closing lines otherwise freed open connections, and
/// postgres-nio's assertion then took the whole test process down, hiding the real failure.
final class OpenConnections: Sendable {
    let address: PostgresAddress
    private let opened = Mutex<[PostgresConnection]>([])

    init(_ address: PostgresAddress) {
        self.address = address
    }

    /// A connection with the schema in place (``SharedDatabase/open(_:)``), closed at the latest
    /// when this value is dropped.
    func open() async throws -> PostgresConnection {
        let connection = try await SharedDatabase.open(address)
        opened.withLock { $0.append(connection) }
        return connection
    }

    deinit {
        for connection in opened.withLock({ $0 }) where !connection.isClosed { connection.closeWhenDropped() }
    }
}
