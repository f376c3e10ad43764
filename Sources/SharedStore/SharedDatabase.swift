import Foundation
import Logging
import PostgresNIO

/// Opens connections to a PostgreSQL store with its schema in place: the one entry point for
/// the parts of several servers that share the database (leases, inbox).
package enum SharedDatabase {
    /// The logger to give postgres-nio's calls: it logs every query at debug level, and georemind
    /// reports failures itself.
    package static var logger: Logger { PostgresSession.logger }

    /// A pool of at most `connections` connections (postgres-nio's `PostgresClient`): run it as a
    /// service, and open the schema first with ``open(_:)``.
    package static func pool(_ address: PostgresAddress, connections: Int, logger: Logger) -> PostgresClient {
        PostgresClient(configuration: address.clientConfiguration(connections: connections), backgroundLogger: logger)
    }

    /// Connects, then creates or upgrades the schema (in a transaction, under an advisory lock,
    /// so instances starting together take turns), and gives a new store its default list.
    package static func open(_ address: PostgresAddress) async throws -> PostgresConnection {
        let connection = try await PostgresSession.connect(to: address)
        do {
            try await connection.withTransaction(logger: PostgresSession.logger) { connection in
                try await PostgresSession.prepareSchema(connection)
                try await PostgresSession.seedDefaultList(connection)
            }
            return connection
        } catch {
            try? await connection.close()
            throw PostgresSession.translate(error)
        }
    }

    /// The database's device partitioning: as many partitions as lease rows, fixed when it was created.
    package static func partitioning(_ connection: PostgresConnection) async throws -> DevicePartition {
        do {
            return DevicePartition(count: max(1, try await PostgresSession.count("partitionLease", on: connection)))
        } catch {
            throw PostgresSession.translate(error)
        }
    }
}
