import Foundation
import Synchronization
import TestSupport

/// Two `georemind serve` instances on one real PostgreSQL, instance `a` reaching it through a
/// link that can be cut: what the chaos run inflicts its faults on. Phones ask it for a running
/// instance; a fault stops and starts the parts it names.
// @unchecked: `sandbox` is only read (a start reads its environment and folder) once the run
// begins; the servers are behind their mutex.
final class ChaosFleet: @unchecked Sendable {
    static let names = ["a", "b"]
    let sandbox: CLISandbox
    let postgres: PostgresServer
    let link: PartitionableLink
    let lease: Double
    private let servers: Mutex<[ServerProcess?]>

    init(sandbox: CLISandbox, postgres: PostgresServer, lease: Double) async throws {
        self.sandbox = sandbox
        self.postgres = postgres
        self.lease = lease
        link = try await PartitionableLink(to: postgres.folder.appendingPathComponent(".s.PGSQL.5432").path)
        servers = Mutex([nil, nil])
        for index in Self.names.indices { try start(index) }
    }

    /// The instance at `index` while it runs; nil while a fault has it down.
    func server(_ index: Int) -> ServerProcess? { servers.withLock { $0[index] } }

    func start(_ index: Int) throws {
        let store =
            index == 0
            ? "postgres://postgres@127.0.0.1:\(link.port)/fleet?sslmode=disable" : postgres.address(database: "fleet")
        let server = try ServerProcess(
            sandbox,
            arguments: ["--store", store, "--instance", Self.names[index], "--lease", "\(Int(lease))s", "--log-level", "info"])
        servers.withLock { $0[index] = server }
    }

    /// Takes the instance at `index` out of the phones' reach, and returns it.
    func take(_ index: Int) -> ServerProcess? {
        servers.withLock { servers in
            defer { servers[index] = nil }
            return servers[index]
        }
    }

    /// Inflicts `fault`, waits out its length, and heals it. A problem found on the way (an
    /// instance that did not stop within 10 s of SIGTERM) is returned.
    func inflict(_ fault: ChaosFault) async throws -> String? {
        var problem: String?
        switch fault {
        case .databaseRestarted(let seconds), .databaseCrashed(let seconds):
            if case .databaseCrashed = fault { try postgres.halt(.immediate) } else { try postgres.halt(.fast) }
            try await Task.sleep(for: .seconds(seconds))
            try postgres.start()
        case .instanceCutOff(let seconds):
            link.cut()
            try await Task.sleep(for: .seconds(seconds))
            link.mend()
        case .instanceKilled(let index, let seconds):
            take(index)?.kill9()
            try await Task.sleep(for: .seconds(seconds))
            try start(index)
        case .instanceStopped(let index, let seconds):
            let started = Date()
            if let server = take(index), server.stop() != 0 {
                problem = "instance \(Self.names[index]) did not exit 0 within 10 s of SIGTERM"
            }
            try await Task.sleep(for: .seconds(max(0, seconds - Date().timeIntervalSince(started))))
            try start(index)
        }
        return problem
    }

    /// Seconds until every instance is ready and both hold partitions again; nil after `limit`.
    func recovery(limit: Double) async throws -> Double? {
        let healed = Date()
        while Date().timeIntervalSince(healed) < limit {
            if try await isRecovered() { return Date().timeIntervalSince(healed) }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    private func isRecovered() async throws -> Bool {
        for index in Self.names.indices {
            guard let server = server(index), (try? await server.send("GET", "/readyz").status) == 200 else { return false }
        }
        let owners = try? postgres.psql("SELECT DISTINCT owner FROM partitionLease WHERE owner IS NOT NULL ORDER BY 1", database: "fleet")
        return owners == "a\nb\n"
    }

    /// Stops both instances with SIGTERM; true when both exited 0 within 10 s.
    func stop() -> Bool {
        var clean = true
        for index in Self.names.indices { if let server = take(index), server.stop() != 0 { clean = false } }
        link.close()
        return clean
    }
}
