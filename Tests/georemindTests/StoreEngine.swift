import Foundation
import Synchronization
import TestSupport

/// The store engine command tests run on: a SQLite file per sandbox (the default), or a database
/// per sandbox on one PostgreSQL server the test process starts once and stops at exit.
enum StoreEngine: Equatable {
    case sqlite
    case postgres

    init(_ name: String?) {
        self = name?.lowercased() == "postgres" ? .postgres : .sqlite
    }

    /// A new, empty store's address: a file in `folder`, or a new database.
    func newStore(fileIn folder: URL) throws -> String {
        switch self {
        case .sqlite:
            return folder.appendingPathComponent("store.sqlite").path
        case .postgres:
            let server = try Self.sharedServer()
            let number = Self.databases.withLock { count in
                count += 1
                return count
            }
            return try server.createDatabase("sandbox_\(number)")
        }
    }

    private static let databases = Mutex(0)
    private static let server = Mutex<Result<PostgresServer, any Error>?>(nil)

    /// The one server, started by the first sandbox that needs it and stopped when the process exits.
    private static func sharedServer() throws -> PostgresServer {
        try server.withLock { started in
            if let started { return try started.get() }
            let result = Result { try PostgresServer() }
            started = result
            if case .success = result { atexit { StoreEngine.stopSharedServer() } }
            return try result.get()
        }
    }

    private static func stopSharedServer() {
        if case .success(let server) = server.withLock({ $0 }) { server.stop() }
    }
}
