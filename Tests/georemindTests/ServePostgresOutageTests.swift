import Foundation
import TestSupport
import Testing

/// Two `serve` instances on one real PostgreSQL that goes away and comes back: restarted (fast),
/// then killed (immediate). While it is away, fixes are answered 503 with `Retry-After` (never 200
/// for a fix not committed), `/readyz` 503 and `/healthz` 200; once it is back, every instance
/// reconnects every connection it uses, answers the API, is ready again, and the fixes the phones
/// send again fire each alarm once. SIGTERM ends an instance within ten seconds with the database
/// down. (Run once: the suite starts its own PostgreSQL whatever engine the sandboxes use.)
@Suite(.serialized, .enabled(if: CLISandbox.engine == .sqlite)) struct ServePostgresOutageTests {
    let sandbox: CLISandbox
    let postgres: PostgresServer
    let token: String
    let full: String
    let fleet: String

    init() throws {
        sandbox = try CLISandbox(engine: .sqlite)
        postgres = try PostgresServer()
        token = try sandbox.ok("token", "create", "phones", "--scope", "ingest").trimmingCharacters(in: .newlines)
        full = try sandbox.ok("token", "create", "admin", "--scope", "full").trimmingCharacters(in: .newlines)
        fleet = try postgres.createDatabase("fleet")
    }

    static func device(_ index: Int) -> String { "dev-\(index)" }
    static func latitude(_ index: Int) -> Double { 10 + Double(index) * 0.1 }

    func fix(_ server: ServerProcess, device: Int, step: Int, inside: Bool) async throws -> ServerProcess.Reply {
        let longitude = inside ? 20.0 : 20.01
        return try await server.send(
            "GET",
            "/gpslogger?device=\(Self.device(device))&lat=\(Self.latitude(device))&lon=\(longitude)&timestamp=\(1_700_000_000 + step * 60)",
            headers: ["Authorization": "Bearer \(token)"])
    }

    func fired() throws -> [String] {
        try postgres.psql("SELECT reminderID || '|' || device FROM outboxEvent ORDER BY 1", database: "fleet")
            .split(separator: "\n").map(String.init)
    }

    @Test(arguments: [PostgresServer.HaltMode.fast, .immediate])
    func instancesRecoverWhenTheDatabaseComesBack(mode: PostgresServer.HaltMode) async throws {
        var arrivals: [String] = []
        for index in 0..<2 {
            arrivals.append(
                try sandbox.add(
                    "Arrive \(Self.device(index))", "--latitude", "\(Self.latitude(index))", "--longitude", "20.0", "--radius", "100"))
        }
        try sandbox.ok("migrate", "--from", sandbox.storePath, "--to", fleet)
        let servers = try ["a", "b"].map { name in
            try ServerProcess(sandbox, arguments: ["--store", fleet, "--instance", name, "--lease", "2s", "--log-level", "info"])
        }
        for index in 0..<2 { #expect(try await fix(servers[index], device: index, step: 0, inside: false).status == 200) }

        try postgres.halt(mode)
        let outage = Date()
        for server in servers {
            let refused = try await fix(server, device: 0, step: 1, inside: true)
            #expect(refused.status == 503)
            // The apps that read it pace their retries by it.
            #expect(refused.retryAfter == "5")
            #expect(try await eventually(10) { try await server.send("GET", "/readyz").status == 503 })
            #expect(try await server.send("GET", "/healthz").status == 200)
            // The API answers at once that the database is away, instead of hanging.
            let asked = Date()
            let listing = try await server.send("GET", "/api/v1/reminders", headers: ["Authorization": "Bearer \(full)"])
            #expect(listing.status == 503)
            #expect(Date().timeIntervalSince(asked) < 3)
        }
        // Down for a few seconds, as a restart or a failover takes.
        try await Task.sleep(for: .seconds(max(0, 5 - Date().timeIntervalSince(outage))))
        try postgres.start()
        let back = Date()
        // Within two lease periods (4 s; a second of slack for a loaded machine): ready, and the API answers.
        for server in servers {
            #expect(try await eventually(5 - Date().timeIntervalSince(back) + 1) { try await server.send("GET", "/readyz").status == 200 })
            let listed = try await server.send("GET", "/api/v1/reminders", headers: ["Authorization": "Bearer \(full)"])
            #expect(listed.status == 200)
            #expect(listed.body.contains("Arrive dev-0"))
        }
        // The phones send the refused fixes again; each device's arrival fires once.
        for index in 0..<2 {
            let server = servers[(index + 1) % 2]
            #expect(try await eventually(10) { try await fix(server, device: index, step: 1, inside: true).status == 200 })
        }
        let expected = arrivals.enumerated().map { "\($1)|\(Self.device($0))" }.sorted()
        #expect(try await eventually(20) { try fired() == expected })
        // Every instance holds partitions again.
        #expect(
            try await eventually(10) {
                try postgres.psql("SELECT count(DISTINCT owner) FROM partitionLease WHERE owner IS NOT NULL", database: "fleet") == "2\n"
            })
        // SIGTERM with the database down again ends each instance within ten seconds.
        try postgres.halt(.immediate)
        for server in servers { #expect(server.stop() == 0) }
        try postgres.start()
    }
}
