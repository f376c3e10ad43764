import Foundation
import GeofenceEngine
import Synchronization
import TestSupport
import Testing
import TraceFormats

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fault list as one run with random timings: two `serve` instances on a real PostgreSQL,
/// phones walking from place to place and posting as the apps do (a refused or failed post is
/// sent again, to whichever instance answers), while PostgreSQL is restarted and killed, one
/// instance is cut off from it, and instances are killed with SIGKILL or stopped with SIGTERM
/// and started again. Afterwards every acknowledged fix was evaluated, every alarm fired once at
/// its crossing's time and in order, and each fault was recovered from; the run prints what it
/// checked. `make test` runs three faults; `make chaos` runs `GEOREMIND_CHAOS_FAULTS` (default 15)
/// with `GEOREMIND_CHAOS_SEED` to repeat a run. (Run once: it starts its own PostgreSQL whatever
/// engine the sandboxes use.)
@Suite(.serialized, .enabled(if: CLISandbox.engine == .sqlite)) struct ChaosTests {
    static let devices = 6
    static let places = 30
    static let start = 1_700_000_000
    static let referenceEpoch = 978_307_200
    static let lease = 2.0

    /// Device `device`'s place `place`: each device has its own line of places 1.1 km apart.
    static func geo(device: Int, place: Int) -> (latitude: Double, longitude: Double) {
        (10 + Double(device) * 0.1, 20 + Double(place) * 0.01)
    }

    /// Where device `device` is at step `step`: odd steps inside place `(step - 1) / 2` (cycling),
    /// even steps halfway between two places, outside both.
    static func position(device: Int, step: Int) -> (latitude: Double, longitude: Double) {
        let place = geo(device: device, place: (step / 2) % places)
        return step % 2 == 1 ? place : (place.latitude, place.longitude - 0.005)
    }

    static func title(device: Int, place: Int, arriving: Bool) -> String {
        "\(arriving ? "Arrive" : "Leave") place \(place) of dev-\(device)"
    }

    /// Every device's places as reminders: an arrival at each, and a leaving at the first.
    static func reminders() -> String {
        var todos: [String] = []
        for device in 0..<devices {
            for place in 0..<places {
                let at = geo(device: device, place: place)
                for arriving in place == 0 ? [true, false] : [true] {
                    todos.append(
                        AppleRemindersTodo.todo(
                            uid: "chaos-\(device)-\(place)-\(arriving)", title: title(device: device, place: place, arriving: arriving),
                            proximity: arriving ? "ARRIVE" : "DEPART", place: "P\(place)", geo: "\(at.latitude),\(at.longitude)"))
                }
            }
        }
        return AppleRemindersTodo.calendar(todos)
    }

    /// What must have fired when each device's phone got `steps[device]` fixes acknowledged:
    /// title and event time (seconds since 2001), one line each, sorted.
    static func expectedFirings(steps: [Int]) -> [String] {
        var lines: [String] = []
        for (device, count) in steps.enumerated() {
            for step in stride(from: 1, to: count, by: 2) where step / 2 < places {
                lines.append("\(title(device: device, place: step / 2, arriving: true))|\(start + step * 60 - referenceEpoch)")
            }
            if count > 2 { lines.append("\(title(device: device, place: 0, arriving: false))|\(start + 2 * 60 - referenceEpoch)") }
        }
        return lines.sorted()
    }

    /// Set once, when the faults are over: the phones then take a few steps more and stop.
    final class Flag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .acquiring) }
        func set() { value.store(true, ordering: .releasing) }
    }

    /// The counts a phone keeps while it walks.
    struct PhoneLog: Sendable {
        var acknowledged = 0
        var refused = 0
        var failed = 0
    }

    /// Walks one device: posts each step until an instance acknowledges it, then the next, until
    /// `done` says the faults are over and a few steps more went through.
    static func walk(device: Int, fleet: ChaosFleet, token: String, done: Flag) async -> PhoneLog {
        var log = PhoneLog()
        var step = 0
        var after = 0
        var target = device % ChaosFleet.names.count
        while after < 4, step < 2 * places * 4 {
            let at = position(device: device, step: step)
            var status = 0
            if let server = fleet.server(target) {
                var request = URLRequest(
                    url: URL(
                        string: "http://127.0.0.1:\(server.port)/gpslogger?device=dev-\(device)&lat=\(at.latitude)&lon=\(at.longitude)"
                            + "&timestamp=\(start + step * 60)")!)
                request.timeoutInterval = 20
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                status = ((try? await URLSession.shared.data(for: request))?.1 as? HTTPURLResponse)?.statusCode ?? 0
            }
            switch status {
            case 200:
                log.acknowledged += 1
                step += 1
                if done.isSet { after += 1 }
                try? await Task.sleep(for: .milliseconds(400))
            case 0:
                log.failed += 1
                try? await Task.sleep(for: .milliseconds(300))
            default:
                log.refused += 1
                try? await Task.sleep(for: .milliseconds(300))
            }
            // As a phone behind a load balancer: each post may reach either instance.
            target = (target + 1) % ChaosFleet.names.count
        }
        return log
    }

    static var faultCount: Int {
        ProcessInfo.processInfo.environment["GEOREMIND_CHAOS_FAULTS"].flatMap(Int.init) ?? 3
    }

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["GEOREMIND_CHAOS_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...999_999)
    }

    @Test func faultsWithRandomTimingsLoseNoFixAndFireEachAlarmOnce() async throws {
        let seed = Self.seed
        var generator = SplitMix64(seed: seed)
        let faults = ChaosFault.schedule(count: Self.faultCount, using: &generator)
        let sandbox = try CLISandbox(engine: .sqlite)
        let postgres = try PostgresServer()
        let token = try sandbox.ok("token", "create", "phones", "--scope", "ingest").trimmingCharacters(in: .newlines)
        let file = sandbox.folder.appendingPathComponent("chaos.ics")
        try Self.reminders().write(to: file, atomically: true, encoding: .utf8)
        try sandbox.ok("import", file.path)
        try sandbox.ok("migrate", "--from", sandbox.storePath, "--to", try postgres.createDatabase("fleet"))
        let fleet = try await ChaosFleet(sandbox: sandbox, postgres: postgres, lease: Self.lease)
        var report = ["chaos run: seed \(seed), \(faults.count) fault(s), \(Self.devices) phones, lease \(Int(Self.lease)) s"]
        var problems: [String] = []
        #expect(try await fleet.recovery(limit: 30) != nil, "the fleet did not become ready")

        let done = Flag()
        let phones = (0..<Self.devices).map { device in
            Task { await Self.walk(device: device, fleet: fleet, token: token, done: done) }
        }
        for fault in faults {
            try await Task.sleep(for: .seconds(Double.random(in: 0.5...2.5, using: &generator)))
            if let problem = try await fleet.inflict(fault) { problems.append(problem) }
            if let seconds = try await fleet.recovery(limit: 60) {
                report.append("  \(fault): recovered in \(ChaosFault.format(seconds)) s")
            } else {
                problems.append("\(fault): not recovered within 60 s")
                report.append("  \(fault): NOT recovered within 60 s")
            }
        }
        done.set()
        var logs: [PhoneLog] = []
        for phone in phones { logs.append(await phone.value) }
        let steps = logs.map(\.acknowledged)

        // Every acknowledged fix evaluated: the inboxes drain, and each device's last position is
        // its last acknowledged fix.
        let drained = try await eventually(60, every: .milliseconds(200)) {
            try postgres.psql("SELECT count(*) FROM fixInbox", database: "fleet") == "0\n"
        }
        let lastSeen = try await eventually(30, every: .milliseconds(200)) {
            try Self.lastFixTimes(postgres) == steps.enumerated().map { "dev-\($0)|\(Self.start + ($1 - 1) * 60 - Self.referenceEpoch)" }
        }
        let expected = Self.expectedFirings(steps: steps)
        _ = try await eventually(30, every: .milliseconds(200)) { try Self.firings(postgres).map(\.line).sorted() == expected }
        let fired = try Self.firings(postgres)
        let lines = fired.map(\.line)
        let duplicates = lines.count - Set(lines).count
        // Per device, in the order they were recorded, the events' times only go forward.
        let outOfOrder = Dictionary(grouping: fired, by: \.device).values.filter { events in
            zip(events, events.dropFirst()).contains { $0.time > $1.time }
        }.count
        let stoppedCleanly = fleet.stop()

        report += [
            "  fixes acknowledged: \(steps.reduce(0, +)) (refused \(logs.map(\.refused).reduce(0, +)) times, failed to connect \(logs.map(\.failed).reduce(0, +)) times, each sent again)",
            "  fixes evaluated: inboxes \(drained ? "drained" : "NOT drained"), last fix of every device \(lastSeen ? "evaluated" : "NOT evaluated")",
            "  alarms fired: \(Set(lines).count) of \(expected.count) expected, \(Set(lines).subtracting(expected).count) unexpected, \(duplicates) fired twice, \(outOfOrder) device(s) out of order",
            "  SIGTERM at the end: \(stoppedCleanly ? "both exited 0" : "NOT clean")",
        ]
        print(report.joined(separator: "\n"))
        #expect(problems.isEmpty, "\(problems)")
        #expect(drained && lastSeen)
        #expect(lines.sorted() == expected)
        #expect(duplicates == 0 && outOfOrder == 0)
        #expect(stoppedCleanly)
        #expect(steps.allSatisfy { $0 >= 4 })
    }

    /// `device|time` of every device's last evaluated fix, by device.
    static func lastFixTimes(_ postgres: PostgresServer) throws -> [String] {
        try postgres.psql("SELECT device || '|' || time::bigint FROM deviceLive ORDER BY device", database: "fleet")
            .split(separator: "\n").map(String.init)
    }

    /// Every fired alarm in the order it was recorded.
    static func firings(_ postgres: PostgresServer) throws -> [(line: String, device: String, time: Double)] {
        try postgres.psql(
            "SELECT reminderTitle || '|' || eventDate::bigint || '|' || device FROM outboxEvent ORDER BY sequence", database: "fleet"
        ).split(separator: "\n").map { row in
            let parts = row.split(separator: "|")
            return ("\(parts[0])|\(parts[1])", String(parts[2]), Double(parts[1])!)
        }
    }
}
