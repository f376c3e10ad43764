import Foundation
import SharedStore
import TestSupport
import Testing

/// Two `serve` instances on one real PostgreSQL, one of them reaching it through a link the test
/// cuts, as a network partition between that instance and the database while the other still
/// reaches it. The cut-off instance's partitions move to the other within the lease and what its
/// phones post there fires; the cut-off one answers 503, and a commit it had in flight when the
/// link was cut never fires a second time; once the link is mended it is ready again and takes
/// its share back. (Run once: the suite starts its own PostgreSQL whatever engine the sandboxes use.)
@Suite(.serialized, .enabled(if: CLISandbox.engine == .sqlite)) struct ServeNetworkPartitionTests {
    let sandbox: CLISandbox
    let postgres: PostgresServer
    let token: String
    let fleet: String

    static let lease = 2.0

    init() throws {
        sandbox = try CLISandbox(engine: .sqlite)
        postgres = try PostgresServer()
        token = try sandbox.ok("token", "create", "phones", "--scope", "ingest").trimmingCharacters(in: .newlines)
        fleet = try postgres.createDatabase("fleet")
    }

    static let devices = (0..<40).map { "phone-\($0)" }
    static func latitude(_ device: String) -> Double { 10 + Double(devices.firstIndex(of: device)!) * 0.1 }

    func fix(_ server: ServerProcess, _ device: String, step: Int, inside: Bool) async throws -> ServerProcess.Reply {
        try await server.send(
            "GET",
            "/gpslogger?device=\(device)&lat=\(Self.latitude(device))&lon=\(inside ? 20.0 : 20.01)&timestamp=\(1_700_000_000 + step * 60)",
            headers: ["Authorization": "Bearer \(token)"])
    }

    /// Partition numbers by owner, from the lease table.
    func owners() throws -> [String: Set<Int>] {
        var owners: [String: Set<Int>] = [:]
        for line in try postgres.psql("SELECT owner || '|' || partition FROM partitionLease WHERE owner IS NOT NULL", database: "fleet")
            .split(separator: "\n")
        {
            let parts = line.split(separator: "|")
            owners[String(parts[0]), default: []].insert(Int(parts[1])!)
        }
        return owners
    }

    /// How often each reminder fired, by reminder id.
    func firings() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in try postgres.psql("SELECT reminderID || '|' || count(*) FROM outboxEvent GROUP BY reminderID", database: "fleet")
            .split(separator: "\n")
        {
            let parts = line.split(separator: "|")
            counts[String(parts[0])] = Int(parts[1])!
        }
        return counts
    }

    @Test func aCutOffInstancesPartitionsMoveAndItRejoinsWhenTheLinkIsMended() async throws {
        var arrival: [String: String] = [:]
        for device in Self.devices {
            arrival[device] = try sandbox.add(
                "Arrive \(device)", "--latitude", "\(Self.latitude(device))", "--longitude", "20.0", "--radius", "100")
        }
        try sandbox.ok("migrate", "--from", sandbox.storePath, "--to", fleet)
        let link = try await PartitionableLink(to: postgres.folder.appendingPathComponent(".s.PGSQL.5432").path)
        defer { link.close() }
        let arguments = ["--lease", "\(Int(Self.lease))s", "--log-level", "info"]
        let cutOff = try ServerProcess(
            sandbox,
            arguments: ["--store", "postgres://postgres@127.0.0.1:\(link.port)/fleet?sslmode=disable", "--instance", "a"] + arguments)
        let other = try ServerProcess(sandbox, arguments: ["--store", fleet, "--instance", "b"] + arguments)
        defer {
            _ = cutOff.stop()
            _ = other.stop()
        }
        // Both hold their half before the cut.
        let partitionCount = Int(
            try postgres.psql("SELECT count(*) FROM partitionLease", database: "fleet").trimmingCharacters(in: .newlines))!
        // (Setting up, not a measured recovery: a loaded machine may take a while to settle.)
        #expect(try await eventually(60) { try owners().mapValues(\.count) == ["a": partitionCount / 2, "b": partitionCount / 2] })
        let cutOffsPartitions = try owners()["a"] ?? []
        let partitions = DevicePartition(count: partitionCount)
        let onCutOff = Self.devices.filter { cutOffsPartitions.contains(partitions.partition(of: $0)) }
        let onOther = Self.devices.filter { !cutOffsPartitions.contains(partitions.partition(of: $0)) }
        try #require(onCutOff.count >= 2 && !onOther.isEmpty, "40 devices fall on both halves of the partitions")
        let (inFlight, movedOver, lateOne) = (onCutOff[0], onCutOff[1], onOther[0])
        for device in [inFlight, movedOver] { #expect(try await fix(cutOff, device, step: 0, inside: false).status == 200) }
        #expect(try await fix(other, lateOne, step: 0, inside: false).status == 200)

        // An arrival acknowledged just before the cut: its evaluation may be on the wire when the
        // link goes; whoever commits it, it fires once.
        #expect(try await fix(cutOff, inFlight, step: 1, inside: true).status == 200)
        link.cut()
        let cut = Date()
        // A phone of the cut-off instance's half posts to the other instance: it fires once the
        // cut-off instance's leases have expired and the other has taken its partitions.
        #expect(try await fix(other, movedOver, step: 1, inside: true).status == 200)
        #expect(try await eventually(4 * Self.lease + 10) { try firings()[arrival[movedOver]!] == 1 })
        let moved = Date().timeIntervalSince(cut)
        // The other instance takes the lapsed leases at its heartbeats, not all in one. (The 10 s
        // beyond two leases are a loaded 2-core machine's: its heartbeats may wait on the CPU.)
        #expect(try await eventually(2 * Self.lease + 10) { try owners()["b"]?.isSuperset(of: cutOffsPartitions) == true })
        #expect(try await eventually(2 * Self.lease + 10) { try firings()[arrival[inFlight]!] == 1 })
        // The cut-off instance acknowledges nothing it cannot commit, and says it is not ready.
        #expect(try await fix(cutOff, lateOne, step: 1, inside: true).status == 503)
        #expect(try await eventually(15) { try await cutOff.send("GET", "/readyz").status == 503 })
        #expect(try await cutOff.send("GET", "/healthz").status == 200)

        link.mend()
        let mended = Date()
        #expect(try await eventually(3 * Self.lease + 10) { try await cutOff.send("GET", "/readyz").status == 200 })
        #expect(try await eventually(6 * Self.lease + 10) { try owners().keys.sorted() == ["a", "b"] })
        let rejoined = Date().timeIntervalSince(mended)
        // The phone sends its refused fix again, to the instance it was refused by.
        #expect(try await eventually(10) { try await fix(cutOff, lateOne, step: 1, inside: true).status == 200 })
        #expect(try await eventually(20) { try firings()[arrival[lateOne]!] == 1 })
        // Everything fired once, and nothing else fired.
        try await Task.sleep(for: .seconds(2 * Self.lease))
        #expect(try firings() == [arrival[inFlight]!: 1, arrival[movedOver]!: 1, arrival[lateOne]!: 1])
        print("partition: moved in \(String(format: "%.1f", moved)) s, rejoined in \(String(format: "%.1f", rejoined)) s")
    }
}
