import Foundation
import TestSupport
import Testing

/// Several `georemind serve --store postgres://...` on one real PostgreSQL (TestSupport's), each a
/// real process on a loopback port, against one SQLite `serve` given the same fixes.
///
/// Each device has places of its own (an arrival and a leaving reminder nobody else visits): the
/// first device to cross a place fires its alarm, so with two devices on one place which fired
/// would depend on which partition committed first. Here it never does, and the fired set has one
/// right answer whatever the interleaving.
@Suite(.serialized) struct ServeSharedStoreTests {
    let sandbox: CLISandbox
    let postgres: PostgresServer
    let token: String
    let fleet: String

    init() throws {
        // A file: the reference runs serve on it, then it is migrated to the instances' database.
        sandbox = try CLISandbox(engine: .sqlite)
        postgres = try PostgresServer()
        token = try sandbox.ok("token", "create", "phones", "--scope", "ingest").trimmingCharacters(in: .newlines)
        fleet = try postgres.createDatabase("fleet")
    }

    static let start = 1_700_000_000

    /// Device `index`'s place, 11 km from the next one's.
    static func latitude(_ index: Int) -> Double { 10 + Double(index) * 0.1 }

    static func device(_ index: Int) -> String { String(format: "dev-%02d", index) }

    /// Each device's arrival and leaving reminders: ids by device.
    func placeReminders(devices: Int) throws -> [(arrive: String, leave: String)] {
        try (0..<devices).map { index in
            let place = ["--latitude", "\(Self.latitude(index))", "--longitude", "20.0", "--radius", "100"]
            let arrive = try sandbox.ok(["add", "Arrive \(Self.device(index))"] + place).trimmingCharacters(in: .newlines)
            let leave = try sandbox.ok(["add", "Leave \(Self.device(index))", "--when", "leaving"] + place)
            return (arrive, leave.trimmingCharacters(in: .newlines))
        }
    }

    /// Fix `step` of every device, round after round: outside (1.1 km east), inside, outside...
    /// Arrivals fire at step 1, leavings at step 2.
    static func requests(devices: Int, steps: Int) -> [String] {
        (0..<steps).flatMap { step in
            (0..<devices).map { index in
                let longitude = step % 2 == 0 ? 20.01 : 20.0
                return "/gpslogger?device=\(device(index))&lat=\(latitude(index))&lon=\(longitude)&timestamp=\(start + step * 60)"
            }
        }
    }

    /// The fired set as `reminder|device|event time (s since 2001)`, one line each, sorted.
    static func expected(_ reminders: [(arrive: String, leave: String)]) -> [String] {
        let epoch = 978_307_200
        return reminders.enumerated().flatMap { index, ids in
            ["\(ids.arrive)|\(device(index))|\(start + 60 - epoch)", "\(ids.leave)|\(device(index))|\(start + 120 - epoch)"]
        }.sorted()
    }

    func outbox(_ database: String) throws -> [String] {
        try postgres.psql(
            "SELECT reminderID || '|' || device || '|' || eventDate::bigint FROM outboxEvent ORDER BY 1", database: database
        ).split(separator: "\n").map(String.init)
    }

    /// Reminder, alarm, device and event time of every outbox row, with how often each occurs.
    func firings(_ database: String) throws -> String {
        try postgres.psql(
            "SELECT reminderID, alarmID, device, eventDate, count(*) FROM outboxEvent GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4",
            database: database)
    }

    /// The engine's counts summed over the partitions' saved states: fixes admitted, and the
    /// distinct `rejected` maps (a fix evaluated twice, or out of order, would be rejected).
    func statistics() throws -> String {
        let state = "convert_from(snapshot, 'UTF8')::jsonb #> '{snapshot,statistics}'"
        return try postgres.psql(
            "SELECT sum((\(state) ->> 'admitted')::int), string_agg(DISTINCT (\(state) -> 'rejected')::text, ',') FROM engineState",
            database: "fleet")
    }

    /// The same fixes through one SQLite `serve`, copied into database `reference` for comparison.
    func referenceRun(_ requests: [String]) async throws -> String {
        let server = try ServerProcess(sandbox)
        for path in requests {
            #expect(try await server.send("GET", path, headers: ["Authorization": "Bearer \(token)"]).status == 200)
        }
        #expect(server.stop() == 0)
        try sandbox.ok("migrate", "--from", sandbox.storePath, "--to", try postgres.createDatabase("reference"))
        return "reference"
    }

    func instance(_ name: String, lease: String = "2s") throws -> ServerProcess {
        try ServerProcess(sandbox, arguments: ["--store", fleet, "--instance", name, "--lease", lease, "--log-level", "info"])
    }

    /// Waits until every inbox is empty; false after `timeout` seconds.
    func drained(timeout: Double = 60) async throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try postgres.psql("SELECT count(*) FROM fixInbox", database: "fleet") == "0\n" { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    @Test func twoInstancesFireWhatOneSQLiteServerFires() async throws {
        let reminders = try placeReminders(devices: 24)
        try sandbox.ok("migrate", "--from", sandbox.storePath, "--to", fleet)
        let requests = Self.requests(devices: 24, steps: 10)
        let reference = try await referenceRun(requests)

        let servers = [try instance("a"), try instance("b")]
        for (number, path) in requests.enumerated() {
            let reply = try await servers[number % 2].send("GET", path, headers: ["Authorization": "Bearer \(token)"])
            #expect(reply.status == 200)
        }
        #expect(try await drained())
        for server in servers { #expect(server.stop() == 0) }
        for server in servers { #expect(server.log.contains("evaluation checkpointed at shutdown"), "\(server.log)") }

        #expect(try outbox("fleet") == Self.expected(reminders))
        #expect(try outbox(reference) == Self.expected(reminders))
        // Alarm ids too, and no row twice.
        #expect(try firings("fleet") == firings(reference))
        #expect(try !firings("fleet").contains("|2\n"))
        let counts = try statistics()
        #expect(counts == "240|{}\n", "\(counts)")
        // Devices first seen with the token were registered, as on SQLite.
        #expect(try postgres.psql("SELECT count(*) FROM device WHERE tokenName = 'phones'", database: "fleet") == "24\n")
    }

    /// Watches, while the test goes on posting, for the survivor to hold all 64 partitions: the
    /// time since `killedAt` then, or nil after 30 s. On a thread of its own, as `psql` blocks.
    func takeoverWatcher(since killedAt: ContinuousClock.Instant) -> Task<Duration?, Never> {
        let postgres = postgres
        return Task {
            await withCheckedContinuation { done in
                DispatchQueue.global().async {
                    while ContinuousClock.now - killedAt < .seconds(30) {
                        let held = try? postgres.psql("SELECT count(*) FROM partitionLease WHERE owner = 'b'", database: "fleet")
                        if held == "64\n" { return done.resume(returning: ContinuousClock.now - killedAt) }
                        Thread.sleep(forTimeInterval: 0.02)
                    }
                    done.resume(returning: nil)
                }
            }
        }
    }

    @Test func aSurvivorTakesOverAKilledInstanceAndEvaluatesEveryAcknowledgedFixOnce() async throws {
        let reminders = try placeReminders(devices: 40)
        try sandbox.ok("migrate", "--from", sandbox.storePath, "--to", fleet)
        let requests = Self.requests(devices: 40, steps: 20)
        let reference = try await referenceRun(requests)

        let (a, b) = (try instance("a"), try instance("b"))
        // Both hold their share before the load starts.
        let shared = Date().addingTimeInterval(20)
        while Date() < shared, try postgres.psql("SELECT count(DISTINCT owner) FROM partitionLease", database: "fleet") != "2\n" {
            try await Task.sleep(for: .milliseconds(100))
        }
        var killedAt: ContinuousClock.Instant?
        var pendingAtKill = ""
        var watcher: Task<Duration?, Never>?
        for (number, path) in requests.enumerated() {
            if number == requests.count / 2 {
                a.kill9()
                killedAt = .now
                pendingAtKill = try postgres.psql(
                    "SELECT count(*) FROM fixInbox JOIN partitionLease USING (partition) WHERE owner = 'a'", database: "fleet")
                watcher = takeoverWatcher(since: killedAt!)
            }
            // Every fix is acknowledged by the instance it was sent to: none is lost with `a`.
            let server = killedAt == nil && number % 2 == 0 ? a : b
            #expect(try await server.send("GET", path, headers: ["Authorization": "Bearer \(token)"]).status == 200)
        }
        let measured = try #require(await watcher?.value)
        print(
            "takeover: all 64 partitions held by the survivor \(measured) after kill -9 (lease 2 s); fixes of the killed instance's partitions waiting at the kill: \(pendingAtKill)"
        )
        // The lease (2 s) and one heartbeat (0.4 s), with scheduling slack on a shared machine.
        #expect(measured < .seconds(4))
        #expect(try await drained())
        #expect(b.stop() == 0)

        #expect(try outbox("fleet") == Self.expected(reminders))
        #expect(try firings("fleet") == firings(reference))
        // 800 fixes admitted once each, in per-device order: none rejected (a second evaluation
        // would be a duplicate, an order broken out-of-order).
        let counts = try statistics()
        #expect(counts == "800|{}\n", "\(counts)")
    }

    /// Every instance runs a webhook dispatcher on the shared store: each fired alarm reaches the
    /// receiver once, whichever instance's claim took it.
    @Test func firedAlarmsAreDeliveredOnceByTwoInstances() async throws {
        let reminders = try placeReminders(devices: 6)
        let receiver = try await WebhookReceiver(script: [])
        try sandbox.ok("webhook", "add", receiver.url, "--secret", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        try sandbox.ok("migrate", "--from", sandbox.storePath, "--to", fleet)
        let servers = [try instance("a"), try instance("b")]
        for (number, path) in Self.requests(devices: 6, steps: 4).enumerated() {
            #expect(try await servers[number % 2].send("GET", path, headers: ["Authorization": "Bearer \(token)"]).status == 200)
        }
        _ = try await receiver.wait(timeout: 60) { $0.count >= 12 }
        // Time for a second post of any event, if two dispatchers could both take it.
        try await Task.sleep(for: .seconds(2))
        for server in servers { #expect(server.stop() == 0) }
        try await receiver.stop()
        let received = receiver.requests
        #expect(received.count == 12 && Set(received.map(\.id)).count == 12, "\(received.map(\.id))")
        let bodies = received.map { String(decoding: $0.body, as: UTF8.self) }
        for ids in reminders {
            #expect(bodies.filter { $0.contains(ids.arrive) }.count == 1 && bodies.filter { $0.contains(ids.leave) }.count == 1)
        }
    }

    @Test func timedAlarmsFireOnceAcrossInstances() async throws {
        let now = Date()
        let format = ISO8601DateFormatter()
        let due = (0..<3).map { Int(now.timeIntervalSince1970) + 10 + $0 }
        let ids = try due.enumerated().map { index, time in
            try sandbox.add("Call \(index)", "--alarm", format.string(from: Date(timeIntervalSince1970: TimeInterval(time))))
        }
        try sandbox.ok("migrate", "--from", sandbox.storePath, "--to", fleet)
        let servers = [try instance("a"), try instance("b")]
        let deadline = Date().addingTimeInterval(40)
        while Date() < deadline, try postgres.psql("SELECT count(*) FROM outboxEvent", database: "fleet") != "3\n" {
            try await Task.sleep(for: .milliseconds(200))
        }
        // Long enough for a second firing by the other instance, if it could fire them.
        try await Task.sleep(for: .seconds(3))
        for server in servers { #expect(server.stop() == 0) }
        let epoch = 978_307_200
        let expected = zip(ids, due).map { "\($0)|alarm.time|\($1 - epoch)" }.sorted()
        let fired = try postgres.psql(
            "SELECT reminderID || '|' || type || '|' || eventDate::bigint FROM outboxEvent ORDER BY 1", database: "fleet")
        #expect(fired.split(separator: "\n").map(String.init) == expected)
    }

    @Test func theAPIEventsAndLiveMapWorkOnASharedStoreAndIngestionWorks() async throws {
        try sandbox.ok("device", "add", "tracker", "--id", "trk-1")
        let reminders = try placeReminders(devices: 2)
        let full = try sandbox.ok("token", "create", "admin", "--scope", "full").trimmingCharacters(in: .newlines)
        try sandbox.ok("migrate", "--from", sandbox.storePath, "--to", fleet)
        // Leases of 8 s: a device's track is its partition owner's memory of its fixes, and on a
        // loaded machine a 2 s lease can move between its two fixes (the new owner then draws one).
        let servers = [try instance("a", lease: "8s"), try instance("b", lease: "8s")]
        let admin = ["Authorization": "Bearer \(full)"]
        #expect(try await servers[0].send("GET", "/", headers: admin).status == 200)
        // A reminder created through one instance is in the other's listing and in the command line's.
        let created = try await servers[0].send(
            "POST", "/api/v1/reminders", body: #"{"title":"Buy milk","priority":1,"list":"Reminders"}"#, headers: admin)
        #expect(created.status == 201, "\(created.body)")
        let listed = try await servers[1].send("GET", "/api/v1/reminders?sort=title", headers: admin)
        #expect(listed.status == 200)
        let printed = try sandbox.ok("list", "--json", "--sort", "title", "--store", fleet)
        #expect(listed.body + "\n" == printed)
        #expect(printed.contains(#""title":"Buy milk""#))
        let milk = try #require(created.body.firstMatch(of: /"id":"([0-9a-f-]{36})"/)?.1)
        let completed = try await servers[1].send("POST", "/api/v1/reminders/\(milk)/complete", headers: admin)
        #expect(completed.status == 200, "\(completed.body)")
        #expect(try sandbox.ok("show", String(milk), "--store", fleet).contains("completed:"))
        // Each device's live row, written by its partition's owner, is on either instance's map:
        // inside both its places after an outside and an inside fix.
        let requests = Self.requests(devices: 2, steps: 3)
        for (number, path) in requests.prefix(4).enumerated() {
            #expect(try await servers[number % 2].send("GET", path, headers: ["Authorization": "Bearer \(token)"]).status == 200)
        }
        #expect(try await drained())
        for server in servers {
            let live = try await server.send("GET", "/api/v1/live", headers: admin)
            let object = try JSONSerialization.jsonObject(with: Data(live.body.utf8)) as? [String: Any]
            let devices = try #require(object?["devices"] as? [[String: Any]])
            #expect(devices.map { $0["id"] as? String } == [Self.device(0), Self.device(1)])
            for (index, device) in devices.enumerated() {
                #expect(Set(device["inside"] as? [String] ?? []) == [reminders[index].arrive, reminders[index].leave])
                #expect((device["track"] as? [[Double]])?.count == 2)
                #expect(device["latitude"] as? Double == Self.latitude(index) && device["longitude"] as? Double == 20.0)
            }
        }
        // Events fired by either instance are listed by both, from the shared outbox.
        for path in requests.dropFirst(4) {
            #expect(try await servers[0].send("GET", path, headers: ["Authorization": "Bearer \(token)"]).status == 200)
        }
        #expect(try await drained())
        let events = try await servers[1].send("GET", "/api/v1/events", headers: admin)
        #expect(events.status == 200)
        #expect(events.body.components(separatedBy: #""type":"alarm."#).count - 1 == 4, "\(events.body)")
        #expect(reminders.allSatisfy { events.body.contains($0.arrive) && events.body.contains($0.leave) })
        #expect(servers[1].stop() == 0)
        let server = servers[0]
        #expect(try await server.send("GET", "/healthz").status == 200)
        #expect(try await server.send("GET", "/readyz").status == 200)
        // OsmAnd's registered device id is read from PostgreSQL; an unknown one is refused.
        #expect(try await server.send("GET", "/osmand?id=trk-1&lat=10&lon=20&timestamp=\(Self.start)").status == 200)
        #expect(try await server.send("GET", "/osmand?id=nobody&lat=10&lon=20&timestamp=\(Self.start)").status == 404)
        #expect(try await server.send("POST", "/overland", body: #"{"locations":[]}"#).status == 401)
        let metrics = try await server.send("GET", "/metrics")
        #expect(metrics.status == 200 && metrics.body.contains(#"georemind_fixes_queued_total{protocol="osmand"} 1"#), "\(metrics.body)")
        #expect(try await drained())
        #expect(server.stop() == 0)
    }
}
