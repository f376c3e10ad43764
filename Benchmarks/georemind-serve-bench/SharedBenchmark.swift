import Foundation
import GeoReminders
import TestSupport

/// Several `georemind serve` instances on one PostgreSQL (issue 16): a fleet posts single-fix
/// OwnTracks requests spread over the instances; reported are acknowledged fixes/s, latency, the
/// time until every fix is evaluated, and the fired alarms compared with one SQLite `serve` given
/// the same requests. With `failovers > 0`, that many runs each kill -9 one instance at a random
/// moment under load, and each run's fired alarms are compared with the undisturbed run's.
struct SharedBenchmark {
    let georemind: String
    var instances = 3
    var workload = FleetWorkload(devices: 10_000, fixesPerDevice: 10)
    var failovers = 0
    var failoverWorkload = FleetWorkload(devices: 1_000, fixesPerDevice: 20)
    var concurrency = 64

    func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-bench-shared-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seeded = directory.appendingPathComponent("seeded.sqlite").path
        let token = try Self.seed(path: seeded)
        let authorization = "Basic " + Data("fleet:\(token)".utf8).base64EncodedString()
        let postgres = try PostgresServer(durable: true)
        defer { postgres.stop() }
        print("PostgreSQL \(postgres.folder.path) (fsync on); \(instances) instances; 10,000 location reminders")

        let reference = try singleInstance(workload, seeded: seeded, directory: directory, authorization: authorization)
        print(reference.line("one SQLite serve, same requests"))
        let shared = try sharedRun(
            workload, database: "fleet", seeded: seeded, postgres: postgres, directory: directory, authorization: authorization)
        print(shared.line("\(instances) instances on PostgreSQL"))
        print(String(format: "  every fix evaluated %.2f s after the last acknowledgement", shared.drainSeconds))
        print("  " + shared.compare(with: reference))

        guard failovers > 0 else { return }
        let undisturbed = try singleInstance(failoverWorkload, seeded: seeded, directory: directory, authorization: authorization)
        print(
            "failover: \(failoverWorkload.devices) devices × \(failoverWorkload.fixesPerDevice) fixes, kill -9 of one instance under load")
        var takeovers: [Double] = []
        for round in 1...failovers {
            let run = try sharedRun(
                failoverWorkload, database: "failover\(round)", seeded: seeded, postgres: postgres, directory: directory,
                authorization: authorization, killOne: true)
            takeovers.append(run.takeoverSeconds ?? .nan)
            print(
                String(format: "  run %2d: takeover %.1f s, %d retried; ", round, run.takeoverSeconds ?? .nan, run.load.retried)
                    + run.compare(with: undisturbed))
        }
        let sorted = takeovers.sorted()
        print(String(format: "takeover min %.1f s, median %.1f s, max %.1f s", sorted.first!, sorted[sorted.count / 2], sorted.last!))
    }

    /// The reminders and a token, in a store closed again (its WAL folded in) so that it can be copied.
    static func seed(path: String) throws -> String {
        let store = try ReminderStore(path: path)
        try ServeBenchmark.seed(store, count: 10_000)
        return try store.createToken(name: "fleet", scope: .ingest)
    }

    /// The requests through one SQLite `serve`: the reference fired set.
    func singleInstance(_ workload: FleetWorkload, seeded: String, directory: URL, authorization: String) throws -> RunResult {
        let path = directory.appendingPathComponent("single-\(UUID().uuidString.prefix(6)).sqlite").path
        try FileManager.default.copyItem(atPath: seeded, toPath: path)
        let server = try ServerProcess(georemind: georemind, storePath: path, log: directory.appendingPathComponent("single.log"))
        let load = try runLoad(workload, ports: [server.port], authorization: authorization)
        server.stop()
        let fired = try ReminderStore(path: path).allOutboxEvents().map(FiredAlarm.init)
        return RunResult(load: load, fired: fired)
    }

    func sharedRun(
        _ workload: FleetWorkload, database: String, seeded: String, postgres: PostgresServer, directory: URL,
        authorization: String, killOne: Bool = false
    ) throws -> RunResult {
        let address = try postgres.createDatabase(database)
        try Self.check(Self.launch(georemind, ["migrate", "--from", seeded, "--to", address]))
        var servers: [ServerProcess] = []
        defer { for server in servers { server.stop() } }
        for index in 0..<instances {
            servers.append(
                try ServerProcess(
                    georemind: georemind, storePath: address, log: directory.appendingPathComponent("\(database)-\(index).log"),
                    arguments: ["--instance", "i\(index)"]))
        }
        // Every instance holds its share before the load starts.
        try Self.waitUntil(seconds: 30) {
            try postgres.psql("SELECT count(DISTINCT owner) FROM partitionLease WHERE expires > now()", database: database)
                == "\(instances)\n"
        }
        let ports = LivePorts(servers.map(\.port))
        let victim = Int.random(in: 0..<instances)
        let loadResult = ResultBox<FleetLoad.Result>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do { loadResult.set(.success(try runLoad(workload, ports: ports, authorization: authorization))) } catch {
                loadResult.set(.failure(error))
            }
            done.signal()
        }
        var takeover: Double?
        if killOne {
            Thread.sleep(forTimeInterval: Double.random(in: 1...3))
            ports.remove(servers[victim].port)
            servers[victim].kill()
            let killedAt = ContinuousClock.now
            try Self.waitUntil(seconds: 60) {
                try postgres.psql("SELECT count(*) FROM partitionLease WHERE owner = 'i\(victim)'", database: database) == "0\n"
            }
            takeover = (ContinuousClock.now - killedAt).seconds
        }
        done.wait()
        let load = try loadResult.get()
        let acknowledged = ContinuousClock.now
        try Self.waitUntil(seconds: 120) { try postgres.psql("SELECT count(*) FROM fixInbox", database: database) == "0\n" }
        let drained = (ContinuousClock.now - acknowledged).seconds
        let rows = try postgres.psql(
            "SELECT reminderID, alarmID, type, coalesce(device, ''), eventDate FROM outboxEvent ORDER BY sequence", database: database)
        let fired = rows.split(separator: "\n").map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            return FiredAlarm(reminder: cells[0], alarm: cells[1], type: cells[2], device: cells[3], time: Double(cells[4]) ?? .nan)
        }
        return RunResult(load: load, fired: fired, drainSeconds: drained, takeoverSeconds: takeover)
    }

    func runLoad(_ workload: FleetWorkload, ports: [Int], authorization: String) throws -> FleetLoad.Result {
        try runLoad(workload, ports: LivePorts(ports), authorization: authorization)
    }

    func runLoad(_ workload: FleetWorkload, ports: LivePorts, authorization: String) throws -> FleetLoad.Result {
        let concurrency = concurrency
        return try runAsync {
            let load = FleetLoad(authorization: authorization)
            do {
                let result = try await load.run(workload, ports: ports, concurrency: concurrency)
                try await load.shutdown()
                return result
            } catch {
                try? await load.shutdown()
                throw error
            }
        }
    }

    static func waitUntil(seconds: Double, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while try !condition() {
            guard Date() < deadline else { throw BenchError.timedOut }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    static func launch(_ georemind: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: georemind)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    static func check(_ result: (status: Int32, output: String)) throws {
        guard result.status == 0 else { throw BenchError.commandFailed(result.output) }
    }
}

/// One alarm firing as the outbox records it.
struct FiredAlarm: Hashable {
    var reminder: String
    var alarm: String
    var type: String
    var device: String
    var time: Double

    init(reminder: String, alarm: String, type: String, device: String, time: Double) {
        (self.reminder, self.alarm, self.type, self.device, self.time) = (reminder, alarm, type, device, time)
    }

    init(_ event: OutboxEvent) {
        self.init(
            reminder: event.reminder.id, alarm: event.alarmID, type: event.type.rawValue, device: event.device ?? "",
            time: event.time.timeIntervalSinceReferenceDate)
    }

    /// Which alarm fired and how, whoever fired it.
    var alarmKey: String { "\(reminder) \(alarm) \(type)" }
}

struct RunResult {
    var load: FleetLoad.Result
    var fired: [FiredAlarm]
    var drainSeconds = 0.0
    var takeoverSeconds: Double?

    func line(_ name: String) -> String {
        String(
            format: "%@: %d fixes acknowledged in %.2f s, %.0f fixes/s, p50 %.2f ms, p99 %.2f ms; %d alarms fired", name,
            load.acknowledged, load.seconds, Double(load.acknowledged) / load.seconds, load.percentile(0.5) * 1000,
            load.percentile(0.99) * 1000, fired.count)
    }

    /// The fired set against another run's: which alarms fired (and how) must be the same, each
    /// once; which device fired an alarm two devices crossed may differ between partitions.
    func compare(with other: RunResult) -> String {
        let mine = Set(fired.map(\.alarmKey))
        let theirs = Set(other.fired.map(\.alarmKey))
        let twice = fired.count - mine.count
        let byOther = Dictionary(other.fired.map { ($0.alarmKey, $0) }, uniquingKeysWith: { first, _ in first })
        let otherDevice = fired.filter { mine in byOther[mine.alarmKey].map { $0.device != mine.device } ?? false }.count
        let verdict = mine == theirs && twice == 0 ? "identical fired alarms" : "DIFFERENT fired alarms"
        return "\(verdict) (\(mine.count) here, \(theirs.count) there, \(mine.subtracting(theirs).count) only here, "
            + "\(theirs.subtracting(mine).count) only there, \(twice) fired twice; \(otherDevice) fired by another device)"
    }
}

extension ReminderStore {
    func allOutboxEvents() throws -> [OutboxEvent] {
        var events: [OutboxEvent] = []
        while true {
            let page = try outboxEvents(after: events.last?.sequence ?? 0, limit: 1000)
            if page.isEmpty { return events }
            events += page
        }
    }
}
