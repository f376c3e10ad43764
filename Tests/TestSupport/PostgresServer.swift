import Foundation

/// A throwaway PostgreSQL from Debian's package: `initdb` in a temporary folder, listening on a
/// unix socket in that folder only (no TCP port), stopped and removed by `stop()` or on release.
/// PostgreSQL refuses to run as root, so under root (CI) its programs run as the `postgres` user.
public final class PostgresServer: @unchecked Sendable {
    // @unchecked: `stopped` is only touched by `stop()`, which tests call from one task.
    public let folder: URL
    let binaries: URL
    var stopped = false
    /// The server's command-line settings, for every start.
    let settings: [String]

    public enum Failure: Error, CustomStringConvertible {
        case notInstalled
        case command(String, status: Int32, output: String)

        public var description: String {
            switch self {
            case .notInstalled: "PostgreSQL is not installed (scripts/install-deps installs Debian's postgresql)"
            case .command(let command, let status, let output): "\(command) exited \(status): \(output)"
            }
        }
    }

    /// - Parameter durable: fsync as a production server does (benchmarks); tests skip it.
    public init(durable: Bool = false) throws {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let version = versions.compactMap(Int.init).max() else { throw Failure.notInstalled }
        binaries = URL(fileURLWithPath: "/usr/lib/postgresql/\(version)/bin")
        // Short: the socket's path must fit in 107 bytes.
        folder = URL(fileURLWithPath: "/tmp/grpg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if getuid() == 0 {
            try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: folder.path)
        }
        // No TCP port; a dead client's running statement is noticed within half a second.
        settings = [
            "-k \(folder.path)", "-c listen_addresses=''", "-c fsync=\(durable ? "on" : "off")", "-c max_connections=200",
            "-c client_connection_check_interval=500",
        ]
        let data = folder.appendingPathComponent("data").path
        try runAsServerUser(
            "initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync"])
        try start()
    }

    /// Starts the server (again, after ``halt(_:)``).
    public func start() throws {
        try runAsServerUser(
            "pg_ctl",
            [
                "-D", folder.appendingPathComponent("data").path, "-l", folder.appendingPathComponent("server.log").path, "-w",
                "-t", "60", "-o", settings.joined(separator: " "), "start",
            ])
    }

    /// How ``halt(_:)`` stops the server: `fast` ends the sessions and checkpoints (a restart),
    /// `immediate` kills every process at once (a crash: recovery replays the WAL at the next start).
    public enum HaltMode: String, Sendable {
        case fast, immediate
    }

    /// Stops the server, keeping its data for ``start()``: an outage to recover from.
    public func halt(_ mode: HaltMode) throws {
        try runAsServerUser("pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-m", mode.rawValue, "-w", "stop"])
    }

    deinit { stop() }

    /// `postgres://postgres@/DATABASE?host=FOLDER`: the address georemind takes.
    public func address(database: String) -> String {
        "postgres://postgres@/\(database)?host=\(folder.path)"
    }

    /// Creates an empty database and returns its address.
    @discardableResult
    public func createDatabase(_ name: String) throws -> String {
        _ = try psql("CREATE DATABASE \(name)", database: "postgres")
        return address(database: name)
    }

    /// Runs SQL with `psql` (unaligned, tuples only: one row per line, `|` between columns).
    public func psql(_ sql: String, database: String) throws -> String {
        try run(
            binaries.appendingPathComponent("psql").path,
            ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", folder.path, "-U", "postgres", "-d", database, "-Atc", sql])
    }

    /// Starts `psql` running SQL in the background (a client to kill -9 while it holds a transaction).
    public func startPSQL(_ sql: String, database: String) throws -> Process {
        let process = Process()
        process.executableURL = binaries.appendingPathComponent("psql")
        process.arguments = ["-X", "-q", "-h", folder.path, "-U", "postgres", "-d", database, "-c", sql]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    public func stop() {
        guard !stopped else { return }
        stopped = true
        _ = try? runAsServerUser("pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs a PostgreSQL program, as `postgres` under root, through bash closing every descriptor
    /// above 2 first: Foundation's `Process` hands the child a socket it waits on, and the server
    /// `pg_ctl` leaves running would otherwise hold it, so the wait would never end.
    private func runAsServerUser(_ program: String, _ arguments: [String]) throws {
        let path = binaries.appendingPathComponent(program).path
        let command = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", path] + arguments : [path] + arguments
        let closeInherited = #"for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done 2>/dev/null; exec "$@""#
        _ = try run("/bin/bash", ["-c", closeInherited, "bash"] + command)
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = folder.appendingPathComponent("out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: output)
        guard process.terminationStatus == 0 else {
            throw Failure.command(([executable] + arguments).joined(separator: " "), status: process.terminationStatus, output: text)
        }
        return text
    }
}
