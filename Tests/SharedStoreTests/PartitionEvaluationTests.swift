import Foundation
import GeoReminders
import GeofenceEngine
import PostgresNIO
import SharedStore
import TestSupport
import Testing

/// One evaluator, two stores: the same reminders and fixes fire the same alarms with the same
/// outbox rows on SQLite and on a partition of PostgreSQL; a restart on PostgreSQL (saved state
/// and fix log) fires nothing twice; a commit after the lease was taken over writes nothing.
/// Against a real server (TestSupport); evaluators run on threads of their own, as their
/// PostgreSQL calls block.
@Suite(.serialized) struct PartitionEvaluationTests {
    let server: PostgresServer
    let address: PostgresAddress
    let connections: OpenConnections

    init() throws {
        server = try PostgresServer()
        address = try PostgresAddress(parsing: try server.createDatabase("fleet"))
        connections = OpenConnections(address)
    }

    @Test func sqliteAndPostgresFireTheSameAlarmsWithTheSameOutboxRows() async throws {
        let sqlite = try await seededStore(reminders: Self.reminders)
        let leases = try await PartitionLeases(address: address, owner: "a", leaseSeconds: 30)
        let lease = try #require(try await leases.heartbeat().held.first)
        let connection = try await connections.open()
        let shared = PartitionEvaluationStore(lease: lease, owner: "a", connection: connection, now: { Self.recorded })

        let (onSQLite, onPostgres) = try await onOwnThread {
            (try Self.evaluate(sqlite, Self.fixes), try Self.evaluate(shared, Self.fixes, stateKey: shared.stateKey))
        }
        #expect(onSQLite.map(Self.describe) == Self.firings)
        #expect(onPostgres == onSQLite)

        let sqliteOutbox = try sqlite.outboxEvents()
        let sharedOutbox = try await SharedOutbox.events(on: connection)
        #expect(sharedOutbox == sqliteOutbox)
        #expect(sharedOutbox.map(\.sequence) == [1, 2, 3])
        #expect(
            sharedOutbox.map(\.id) == [
                EventID.make(reminderID: Self.id(3), alarmID: Self.id(1003), time: Self.at(30)),
                EventID.make(reminderID: Self.id(1), alarmID: Self.id(1001), time: Self.at(60)),
                EventID.make(reminderID: Self.id(2), alarmID: Self.id(1002), time: Self.at(120)),
            ])
        #expect(sharedOutbox.map(\.time) == [Self.at(30), Self.at(60), Self.at(120)])
        #expect(sharedOutbox.map { $0.distance.map { ($0 * 1000).rounded() / 1000 } } == [nil, 556.035, 55.603])
        #expect(sharedOutbox.map(\.late) == [true, true, false])
        #expect(sharedOutbox.allSatisfy { $0.recordedDate == Self.recorded })
        // The same alarms recorded fired, at the same instants; the completed reminder's never armed.
        let firedSQLite = try await onOwnThread { try Self.firedDates(sqlite) }
        let firedShared = try await onOwnThread { try Self.firedDates(shared) }
        #expect(firedShared == firedSQLite)
        #expect(
            firedShared == [
                "Leave office": [Self.at(60)], "Back at office": [Self.at(120)], "Call mum": [Self.at(30)], "Gym": [nil],
            ])
        #expect(try server.psql("SELECT count(*) FROM alarm WHERE firedDate IS NOT NULL", database: "fleet") == "3\n")
        #expect(try server.psql("SELECT key FROM engineState", database: "fleet") == "partition-\(lease.partition)\n")
        try await connection.close()
        await leases.close()
    }

    @Test func aRestartFromStateAndFixLogFiresNothingTwice() async throws {
        let station = StructuredLocation(title: "Station", latitude: 48.9066, longitude: 2.3522)
        _ = try await seededStore(reminders: [
            Self.reminder(
                1, "Leave office", alarms: [Alarm(id: Self.id(1001), trigger: .location(location: Self.office, proximity: .leave))]),
            Self.reminder(2, "Call mum", alarms: [Alarm(id: Self.id(1002), trigger: .absolute(date: Self.at(30)))]),
            Self.reminder(3, "Leave station", alarms: [Alarm(id: Self.id(1003), trigger: .location(location: station, proximity: .leave))]),
        ])
        let leases = try await PartitionLeases(address: address, owner: "a", leaseSeconds: 30)
        let lease = try #require(try await leases.heartbeat().held.first)
        let connection = try await connections.open()
        let shared = PartitionEvaluationStore(lease: lease, owner: "a", connection: connection, now: { Self.recorded })
        let wholeSave = [Self.fix(0, office: 0.0005), Self.fix(60, office: 0.005)]
        let logged = [Self.fix(120, station: 0.0005)]
        let later = [Self.fix(180, station: 0.005)]

        let (first, replayed, afterRestart, secondRestart, readmitted) = try await onOwnThread {
            // A live server: a whole save, then a batch logged on it (the device is now inside the station).
            let evaluator = try AlarmEvaluator(store: shared, mode: .commit, stateKey: shared.stateKey)
            var first: [String] = []
            for fix in wholeSave { _ = try evaluator.admit(fix) }
            try evaluator.commitLive { first.append(Self.describe($0)) }
            for fix in logged { _ = try evaluator.admit(fix) }
            try evaluator.commitLive(logging: logged) { first.append(Self.describe($0)) }
            // Restarted from the state and the fix log; the same fixes come again.
            let restarted = try AlarmEvaluator(store: shared, mode: .commit, stateKey: shared.stateKey)
            var replayed: [String] = []
            let again = (wholeSave + logged).filter { (try? restarted.admit($0)) == .admitted }
            try restarted.commitLive(logging: again) { replayed.append(Self.describe($0)) }
            // The restored engine knows the device is inside the station: leaving it fires, once.
            var afterRestart: [String] = []
            for fix in later { _ = try restarted.admit(fix) }
            try restarted.commitLive(logging: later) { afterRestart.append(Self.describe($0)) }
            let third = try AlarmEvaluator(store: shared, mode: .commit, stateKey: shared.stateKey)
            var secondRestart: [String] = []
            let repeated = (wholeSave + logged + later).filter { (try? third.admit($0)) == .admitted }
            try third.commitLive(logging: repeated) { secondRestart.append(Self.describe($0)) }
            return (first, replayed, afterRestart, secondRestart, again.count + repeated.count)
        }
        #expect(first == ["30 time Call mum", "60 leave Leave office 556.035 @phone"])
        // The restarted engines knew every fix already (state, then the log replayed): none admitted again.
        #expect(readmitted == 0)
        #expect(replayed == [])
        #expect(afterRestart == ["180 leave Leave station 556.040 @phone"])
        #expect(secondRestart == [])
        let outbox = try await SharedOutbox.events(on: connection)
        #expect(outbox.map(\.type) == [.time, .leave, .leave])
        #expect(outbox.map(\.reminder.title) == ["Call mum", "Leave office", "Leave station"])
        #expect(outbox.map(\.sequence) == [1, 2, 3])
        // The fixes logged since the whole save: the station's two, none twice.
        let expected = (logged + later).map { "\(Int($0.time!.timeIntervalSinceReferenceDate))|\($0.coordinate.latitude)\n" }
        let log = try loggedFixes().map { "\(Int($0.fix.time!.timeIntervalSinceReferenceDate))|\($0.fix.coordinate.latitude)\n" }
        #expect(log == expected)
        try await connection.close()
        await leases.close()
    }

    @Test func aCommitAfterTheLeaseWasTakenOverWritesNothing() async throws {
        _ = try await seededStore(reminders: Self.reminders)
        let old = try await PartitionLeases(address: address, owner: "old", leaseSeconds: 1)
        let lost = try #require(try await old.heartbeat().held.first)
        let connection = try await connections.open()
        let paused = PartitionEvaluationStore(lease: lost, owner: "old", connection: connection, now: { Self.recorded })
        // The old instance loads its evaluator, then stops renewing (a pause); another takes over.
        let evaluator = try await onOwnThread {
            UncheckedEvaluator(try AlarmEvaluator(store: paused, mode: .commit, stateKey: paused.stateKey))
        }
        let successor = try await PartitionLeases(address: address, owner: "new", leaseSeconds: 30)
        var taken: PartitionLease?
        // The lease lapses after a second; a loaded test run may take longer to see it taken over.
        let giveUp = ContinuousClock.now + .seconds(20)
        while taken == nil, ContinuousClock.now < giveUp {
            try await Task.sleep(for: .milliseconds(100))
            taken = try await successor.heartbeat().held.first { $0.partition == lost.partition }
        }
        let takeover = try #require(taken)
        #expect(takeover.epoch == lost.epoch + 1)

        let (refusal, handedOut) = try await onOwnThread {
            var handedOut = 0
            do {
                try evaluator.evaluator.feed(Self.fixes) { _ in handedOut += 1 }
                try evaluator.evaluator.finish { _ in handedOut += 1 }
                return (nil as SharedStoreError?, handedOut)
            } catch let error as SharedStoreError {
                return (error, handedOut)
            }
        }
        #expect(refusal == .leaseLost(partition: lost.partition))
        #expect(handedOut == 0)
        for (table, condition) in [
            ("alarm", "firedDate IS NOT NULL"), ("outboxEvent", "true"), ("engineState", "true"), ("liveFixBatch", "true"),
        ] {
            #expect(try server.psql("SELECT count(*) FROM \(table) WHERE \(condition)", database: "fleet") == "0\n", "\(table)")
        }
        // The new owner's commit goes through: the same three events, once.
        let owned = PartitionEvaluationStore(lease: takeover, owner: "new", connection: connection, now: { Self.recorded })
        let events = try await onOwnThread { try Self.evaluate(owned, Self.fixes, stateKey: owned.stateKey) }
        #expect(events.map(Self.describe) == Self.firings)
        #expect(try await SharedOutbox.events(on: connection).map(\.sequence) == [1, 2, 3])
        try await connection.close()
        await successor.close()
        await old.close()
    }

    @Test func inboxFixesAreTakenEvaluatedAndLoggedInOneTransaction() async throws {
        _ = try await seededStore(reminders: Self.reminders)
        let partitions = DevicePartition(count: 64)
        let connection = try await connections.open()
        try await FixInbox.post(Self.fixes, partitions: partitions, on: connection)
        let leases = try await PartitionLeases(address: address, owner: "a", leaseSeconds: 30)
        let lease = try #require(try await leases.heartbeat().held.first { $0.partition == partitions.partition(of: "phone") })
        let shared = PartitionEvaluationStore(lease: lease, owner: "a", connection: connection, now: { Self.recorded })

        let (failedTake, events, taken) = try await onOwnThread {
            let evaluator = try AlarmEvaluator(store: shared, mode: .commit, stateKey: shared.stateKey)
            // A failure after the commit's writes: the whole step rolls back, fixes stay in the inbox.
            let failedTake = Result {
                try shared.takeInbox(limit: 10) { inbox in
                    for item in inbox { _ = try evaluator.admit(item.fix) }
                    try evaluator.commitLive(logging: inbox.map(\.fix)) { _ in throw Injected() }
                }
            }
            let restarted = try AlarmEvaluator(store: shared, mode: .commit, stateKey: shared.stateKey)
            var events: [String] = []
            let taken = try shared.takeInbox(limit: 10) { inbox in
                for item in inbox { _ = try restarted.admit(item.fix) }
                try restarted.commitLive(logging: inbox.map(\.fix)) { events.append(Self.describe($0)) }
            }
            return (failedTake, events, taken)
        }
        #expect(throws: Injected.self) { try failedTake.get() }
        #expect(events == Self.firings)
        #expect(taken == 3)
        #expect(try server.psql("SELECT count(*) FROM fixInbox", database: "fleet") == "0\n")
        #expect(
            try loggedFixes().map { "\($0.key)|\(Int($0.fix.time!.timeIntervalSinceReferenceDate))" }
                == ["800000000", "800000060", "800000120"].map { "partition-\(lease.partition)|\($0)" })
        // One row per firing; the rolled-back step had drawn 1 to 3 (PostgreSQL sequences are not transactional).
        let outbox = try await SharedOutbox.events(on: connection)
        #expect(outbox.map(\.sequence) == [4, 5, 6])
        #expect(outbox.map(\.type) == [.time, .leave, .arrive])
        try await connection.close()
        await leases.close()
    }

    /// Every partition's evaluator arms every location alarm: devices of two partitions leaving one
    /// place both hand the event out, and the first commit alone records it (the alarm is fired).
    @Test func devicesOfTwoPartitionsLeavingOnePlaceFireItsAlarmOnce() async throws {
        _ = try await seededStore(reminders: [Self.reminders[0]])
        let partitions = DevicePartition(count: 64)
        let tablet = try #require(
            (0..<100).map { "tablet-\($0)" }.first { partitions.partition(of: $0) != partitions.partition(of: "phone") })
        let leases = try await PartitionLeases(address: address, owner: "a", leaseSeconds: 30)
        let held = try await leases.heartbeat().held
        let connection = try await connections.open()
        let stores = try ["phone", tablet].map { device in
            let lease = try #require(held.first { $0.partition == partitions.partition(of: device) })
            return PartitionEvaluationStore(lease: lease, owner: "a", connection: connection, now: { Self.recorded })
        }
        let tabletFixes = Self.fixes.prefix(2).map {
            Fix(time: $0.time!.addingTimeInterval(5), latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, device: tablet)
        }
        let events = try await onOwnThread {
            // Both loaded before either commits, as two live partitions are.
            let evaluators = try stores.map { try AlarmEvaluator(store: $0, mode: .commit, stateKey: $0.stateKey) }
            return try zip(evaluators, [Array(Self.fixes.prefix(2)), tabletFixes]).map { evaluator, fixes in
                var events: [String] = []
                try evaluator.feed(fixes) { events.append(Self.describe($0)) }
                try evaluator.finish { events.append(Self.describe($0)) }
                return events
            }
        }
        #expect(events == [["60 leave Leave office 556.035 @phone"], ["65 leave Leave office 556.035 @\(tablet)"]])
        let outbox = try await SharedOutbox.events(on: connection)
        #expect(outbox.map(\.device) == ["phone"])
        #expect(outbox.map(\.time) == [Self.at(60)])
        #expect(try server.psql("SELECT firedDate::bigint FROM alarm", database: "fleet") == "\(Int(Self.start) + 60)\n")
        try await connection.close()
        await leases.close()
    }

    // MARK: - The scenario

    struct Injected: Error {}

    /// 100 m around central Paris. Along its meridian, 0.0005° north is 55.603 m, 0.005° 556.035 m.
    static let office = StructuredLocation(title: "Office", latitude: 48.8566, longitude: 2.3522)
    /// 2026-05-08T02:13:20Z, where the fixes start (seconds since 2001).
    static let start = 800_000_000.0
    /// When every commit is recorded: 1,000 s after the start, so events older than 900 s are late.
    static let recorded = at(1000)

    static let reminders = [
        reminder(1, "Leave office", created: 1, alarms: [Alarm(id: id(1001), trigger: .location(location: office, proximity: .leave))]),
        reminder(2, "Back at office", created: 2, alarms: [Alarm(id: id(1002), trigger: .location(location: office, proximity: .enter))]),
        reminder(3, "Call mum", created: 3, alarms: [Alarm(id: id(1003), trigger: .absolute(date: at(30)))]),
        reminder(
            4, "Gym", created: 4,
            alarms: [
                Alarm(
                    id: id(1004),
                    trigger: .location(location: StructuredLocation(title: "Gym", latitude: 48.87, longitude: 2.3), proximity: .enter))
            ]),
        reminder(
            5, "Done already", created: 5, completed: true,
            alarms: [Alarm(id: id(1005), trigger: .location(location: office, proximity: .enter))]),
    ]
    static let fixes = [fix(0, office: 0.0005), fix(60, office: 0.005), fix(120, office: 0.0005)]
    /// What ``fixes`` fire among ``reminders``, as ``describe(_:)`` lines.
    static let firings = [
        "30 time Call mum", "60 leave Leave office 556.035 @phone", "120 enter Back at office 55.603 @phone",
    ]

    static func id(_ n: Int) -> String {
        let hex = String(n, radix: 16)
        return "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - hex.count) + hex
    }

    static func at(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: start + seconds) }

    static func reminder(_ n: Int, _ title: String, created: Double = 0, completed: Bool = false, alarms: [Alarm]) -> Reminder {
        Reminder(id: id(n), title: title, isCompleted: completed, creationDate: at(created), alarms: alarms)
    }

    static func fix(_ seconds: Double, office north: Double) -> Fix {
        Fix(time: at(seconds), latitude: office.latitude + north, longitude: office.longitude, device: "phone")
    }

    static func fix(_ seconds: Double, station north: Double) -> Fix {
        Fix(time: at(seconds), latitude: 48.9066 + north, longitude: 2.3522, device: "phone")
    }

    /// "seconds kind title [distance to the millimetre] [@device]".
    static func describe(_ event: AlarmEvent) -> String {
        var line = "\(Int(event.time.timeIntervalSinceReferenceDate - start)) \(event.kind.rawValue) \(event.reminder.title)"
        if let distance = event.distance { line += String(format: " %.3f", distance) }
        if let device = event.fix?.device { line += " @\(device)" }
        return line
    }

    /// A SQLite store file made with the library, its clock at ``recorded``, copied to the server
    /// as `georemind migrate` does.
    /// Every fix in the database's fix log with its key, batches in order, read as psql prints them.
    func loggedFixes() throws -> [(key: String, fix: Fix)] {
        let rows = try server.psql("SELECT stateKey, encode(fixes, 'hex') FROM liveFixBatch ORDER BY sequence", database: "fleet")
        return try rows.split(separator: "\n").flatMap { row -> [(key: String, fix: Fix)] in
            let cells = row.split(separator: "|")
            var bytes: [UInt8] = []
            var hex = cells[1].makeIterator()
            while let high = hex.next(), let low = hex.next() { bytes.append(UInt8(String([high, low]), radix: 16)!) }
            let fixes = try #require(FixLogBatch.decode(Data(bytes)))
            return fixes.map { (String(cells[0]), $0) }
        }
    }

    func seededStore(reminders: [Reminder]) async throws -> ReminderStore {
        var configuration = StoreConfiguration()
        configuration.now = { Self.recorded }
        configuration.floatingTimeZone = TimeZone(identifier: "UTC")!
        let path = try temporaryDirectory().appendingPathComponent("store.sqlite").path
        let store = try ReminderStore(path: path, configuration: configuration)
        for reminder in reminders { _ = try store.save(reminder) }
        _ = try await StoreCopy.copy(from: store, to: address)
        return store
    }

    /// A new committing evaluator fed `fixes`: the events it handed out, in order.
    static func evaluate(
        _ store: any EvaluationStore, _ fixes: [Fix], stateKey: String = AlarmEvaluator.defaultStateKey
    ) throws -> [AlarmEvent] {
        let evaluator = try AlarmEvaluator(store: store, mode: .commit, floatingZone: TimeZone(identifier: "UTC")!, stateKey: stateKey)
        var events: [AlarmEvent] = []
        try evaluator.feed(fixes) { events.append($0) }
        try evaluator.finish { events.append($0) }
        return events
    }

    /// Each reminder's alarms' fired dates, by title (the completed reminder is not read).
    static func firedDates(_ store: any EvaluationStore) throws -> [String: [Date?]] {
        Dictionary(uniqueKeysWithValues: try store.incompleteReminders().map { ($0.title, $0.alarms.map(\.firedDate)) })
    }
}

/// Runs `work` on a thread of its own, as an evaluator on a PostgreSQL store runs: its calls
/// block until the server answers, which must not hold one of Swift concurrency's few threads.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// An evaluator handed from the thread that made it to the one that uses it; never used by two at once.
struct UncheckedEvaluator: @unchecked Sendable {
    let evaluator: AlarmEvaluator
    init(_ evaluator: AlarmEvaluator) { self.evaluator = evaluator }
}
