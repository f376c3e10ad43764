import Foundation
import NIOSSL
import PostgresNIO

/// Where a PostgreSQL store is: `postgres://USER[:PASSWORD]@HOST[:PORT]/DB` over TCP, or libpq's
/// unix-socket form `postgres://USER@/DB?host=/SOCKET/DIR` (the socket is `DIR/.s.PGSQL.PORT`).
package struct PostgresAddress: Sendable, Equatable, CustomStringConvertible {
    package enum Endpoint: Sendable, Equatable {
        case tcp(host: String, port: Int)
        case unixSocket(path: String)
    }

    package var endpoint: Endpoint
    package var user: String
    package var password: String?
    package var database: String
    /// `sslmode=require` refuses a server without TLS; `prefer` (libpq's default over TCP) uses it
    /// when offered; `disable` never does. Unix sockets never use TLS.
    package var tlsMode: String

    /// True when `text` names PostgreSQL rather than a SQLite file path.
    package static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    package init(parsing text: String) throws(SharedStoreError) {
        guard Self.isPostgres(text), let components = URLComponents(string: text) else {
            throw .badAddress(text, reason: "expected postgres:// or postgresql://")
        }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        let port = components.port ?? Int(query["port"] ?? "") ?? 5432
        guard (1...65535).contains(port) else { throw .badAddress(text, reason: "port \(port) is out of range") }
        let database = String(components.percentEncodedPath.dropFirst()).removingPercentEncoding ?? ""
        guard !database.isEmpty, !database.contains("/") else {
            throw .badAddress(text, reason: "no database name after the host")
        }
        guard let user = (components.percentEncodedUser?.removingPercentEncoding ?? query["user"]), !user.isEmpty else {
            throw .badAddress(text, reason: "no user name before @")
        }
        self.user = user
        self.password = components.percentEncodedPassword?.removingPercentEncoding ?? query["password"]
        self.database = database
        let host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? query["host"]
        if let host, host.hasPrefix("/") {
            endpoint = .unixSocket(path: host + "/.s.PGSQL.\(port)")
            tlsMode = "disable"
        } else if let host {
            endpoint = .tcp(host: host, port: port)
            tlsMode = query["sslmode"] ?? "prefer"
            guard ["disable", "prefer", "require"].contains(tlsMode) else {
                throw .badAddress(text, reason: "sslmode must be disable, prefer or require")
            }
        } else {
            throw .badAddress(text, reason: "no host, and no ?host=/socket/dir")
        }
    }

    /// The address with the password left out: for messages and logs.
    package var description: String {
        switch endpoint {
        case .tcp(let host, let port): "postgres://\(user)@\(host):\(port)/\(database)"
        case .unixSocket(let path): "postgres://\(user)@/\(database)?host=\((path as NSString).deletingLastPathComponent)"
        }
    }

    /// postgres-nio's connection settings for this address.
    package func configuration() throws -> PostgresConnection.Configuration {
        switch endpoint {
        case .unixSocket(let path):
            return .init(unixSocketPath: path, username: user, password: password, database: database)
        case .tcp(let host, let port):
            let tls: PostgresConnection.Configuration.TLS
            switch tlsMode {
            case "disable": tls = .disable
            case "require": tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            default: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
            return .init(host: host, port: port, username: user, password: password, database: database, tls: tls)
        }
    }
}

extension PostgresAddress {
    /// postgres-nio's pool settings for this address, at most `connections` open at once.
    package func clientConfiguration(connections: Int) -> PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        switch endpoint {
        case .unixSocket(let path):
            configuration = .init(unixSocketPath: path, username: user, password: password, database: database)
        case .tcp(let host, let port):
            let tls: PostgresClient.Configuration.TLS
            switch tlsMode {
            case "disable": tls = .disable
            case "require": tls = .require(.makeClientConfiguration())
            default: tls = .prefer(.makeClientConfiguration())
            }
            configuration = .init(host: host, port: port, username: user, password: password, database: database, tls: tls)
        }
        configuration.options.maximumConnections = connections
        return configuration
    }
}
