import Foundation
import PostgresNIO

/// Opens connections to a PostgreSQL store with its schema in place: the one entry point for
/// the parts of several servers that share the database (leases, inbox).
public enum SharedDatabase {
    /// Connects, then creates or upgrades the schema (in a transaction, under an advisory lock,
    /// so instances starting together take turns).
    public static func open(_ address: PostgresAddress) async throws -> PostgresConnection {
        let connection = try await PostgresSession.connect(to: address)
        do {
            try await connection.withTransaction(logger: PostgresSession.logger) { connection in
                try await PostgresSession.prepareSchema(connection)
            }
            return connection
        } catch {
            try? await connection.close()
            throw PostgresSession.translate(error)
        }
    }
}
