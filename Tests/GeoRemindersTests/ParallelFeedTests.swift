import Foundation
import GeofenceEngine
import Testing
import TraceFormats

@testable import GeoReminders

/// Deciding devices on several threads gives exactly the events, summary and saved state that one
/// engine fed fix by fix gives (each retiring the fences of alarms with a candidate when it can): on generated streams with ties, duplicates, bad fixes, devices read
/// grouped or interleaved, and a second run that continues from the saved state.
@Suite struct ParallelFeedTests {
    /// 40 places around the office, half arriving, half leaving, and timed alarms inside the stream.
    func busyStore() throws -> ReminderStore {
        var reminders: [Reminder] = []
        for n in 0..<40 {
            let place = StructuredLocation(
                title: "P\(n)", latitude: office.latitude + Double(n % 8) * 0.002,
                longitude: office.longitude + Double(n / 8) * 0.003, radius: Double(40 + n * 5))
            let alarm = Alarm(id: uuid(2000 + n), trigger: .location(location: place, proximity: n % 2 == 0 ? .enter : .leave))
            // Every fourth reminder shares its creation time with the next: ties go to the alarm order.
            reminders.append(reminder(n + 1, "R\(n)", created: Double(n / 2 * 2), alarms: [alarm]))
        }
        for n in 0..<6 {
            reminders.append(reminder(100 + n, "T\(n)", created: 100, alarms: [timed(100 + n, at: Double(300 + n * 700))]))
        }
        // Two places around the whole area, left and entered by nobody: never fired, every device
        // inside them, so the saved state holds a state per device that the shards must agree on.
        for (n, proximity) in [Proximity.leave, .enter].enumerated() {
            let town = StructuredLocation(title: "Town \(n)", latitude: office.latitude, longitude: office.longitude, radius: 5_000)
            let alarm = Alarm(id: uuid(3000 + n), trigger: .location(location: town, proximity: proximity))
            reminders.append(reminder(200 + n, "Town \(n)", created: 200, alarms: [alarm]))
        }
        return try store(with: reminders)
    }

    /// Devices wandering over the places; some fixes repeat a time, lack one, or have bad coordinates;
    /// several devices report at the very same instants (events tie on time, kind and alarm).
    func stream(seed: UInt64, devices: Int, fixes: Int, grouped: Bool) -> [Fix] {
        var random = SplitMix64(seed: seed)
        var positions = (0..<devices).map { _ in
            (
                office.latitude + Double.random(in: 0...0.014, using: &random),
                office.longitude + Double.random(in: 0...0.012, using: &random)
            )
        }
        var all: [[Fix]] = Array(repeating: [], count: devices)
        for step in 0..<(fixes / devices) {
            for d in 0..<devices {
                positions[d].0 += Double.random(in: -0.0006...0.0006, using: &random)
                positions[d].1 += Double.random(in: -0.0006...0.0006, using: &random)
                var fix = fixAt(Double(step * 10), 0, device: d == 0 ? nil : "device-\(d)")
                fix.coordinate = Coordinate(latitude: positions[d].0, longitude: positions[d].1)
                switch Int.random(in: 0..<50, using: &random) {
                case 0: fix.time = nil
                case 1: fix.coordinate = Coordinate(latitude: 95, longitude: 0)
                case 2: all[d].append(fix)  // the same fix twice: the second is out of order
                default: break
                }
                all[d].append(fix)
            }
        }
        if grouped { return all.flatMap { $0 } }
        var interleaved: [Fix] = []
        for step in 0..<all.map(\.count).max()! { for d in 0..<devices where step < all[d].count { interleaved.append(all[d][step]) } }
        return interleaved
    }

    /// Events (as lines), the summary and the state one run leaves, fed serially or in parallel.
    func run(_ store: ReminderStore, _ fixes: [Fix], shards: Int, mode: EvaluationMode = .dryRun, batchSize: Int = 8_192)
        throws -> (events: [String], summary: EvaluationSummary, state: EngineSnapshot?)
    {
        let evaluator = try AlarmEvaluator(store: store, mode: mode, shards: shards)
        if shards == 1 {
            try evaluator.feed(fixes) { _ in }
        } else {
            let count = try evaluator.feedInParallel(batchSize: batchSize) { yield in
                for fix in fixes { try yield(fix) }
                return fixes.count
            }
            #expect(count == fixes.count)
        }
        var events: [String] = []
        let summary = try evaluator.finish { events.append(describe($0) + " #\($0.alarm.id.suffix(4))") }
        // What the run saved for the next one (the fences of fired alarms left out).
        let saved = try store.engineState(forKey: AlarmEvaluator.defaultStateKey).map {
            try JSONDecoder().decode(EvaluationState.self, from: $0)
        }
        return (events, summary, mode == .commit ? saved?.snapshot : nil)
    }

    @Test(arguments: [(1, 7, false), (2, 20, false), (3, 20, true), (4, 33, false)])
    func everyShardCountGivesTheSerialResult(seed: UInt64, devices: Int, grouped: Bool) throws {
        let fixes = stream(seed: seed, devices: devices, fixes: 6_000, grouped: grouped)
        let serial = try run(busyStore(), fixes, shards: 1)
        #expect(serial.events.count > 20)
        for shards in [2, 3, 5] {
            let parallel = try run(busyStore(), fixes, shards: shards)
            #expect(parallel.events == serial.events)
            #expect(parallel.summary == serial.summary)
        }
    }

    /// In batches of 50 fixes, the shards hand each other the fences they retired between batches
    /// (`SharedRetirements`), while devices in different shards tie on time: still the serial
    /// result, on every run (the threads' interleaving differs from run to run).
    @Test(arguments: [(5, 12, false), (6, 30, false), (7, 30, true)])
    func shardsRetiringForEachOtherGiveTheSerialResult(seed: UInt64, devices: Int, grouped: Bool) throws {
        let fixes = stream(seed: seed, devices: devices, fixes: 6_000, grouped: grouped)
        let serial = try run(busyStore(), fixes, shards: 1)
        #expect(serial.events.count > 20)
        for shards in [2, 2, 2, 3, 4] {
            let parallel = try run(busyStore(), fixes, shards: shards, batchSize: 50)
            #expect(parallel.events == serial.events)
            #expect(parallel.summary == serial.summary)
        }
    }

    /// Commit mode: a run split in two (state saved in between) gives the same events and the same
    /// devices' states whether each half ran serially or on shards, and whatever the shard count of
    /// the run that saved the state.
    @Test func savedStateContinuesAcrossShardCounts() throws {
        let fixes = stream(seed: 9, devices: 12, fixes: 4_800, grouped: false)
        let (first, second) = (Array(fixes[..<2_400]), Array(fixes[2_400...]))
        let serialStore = try busyStore()
        let serial = (try run(serialStore, first, shards: 1, mode: .commit), try run(serialStore, second, shards: 1, mode: .commit))
        let mixedStore = try busyStore()
        let mixed = (try run(mixedStore, first, shards: 3, mode: .commit), try run(mixedStore, second, shards: 2, mode: .commit))
        #expect(mixed.0.events == serial.0.events)
        #expect(mixed.1.events == serial.1.events)
        #expect(mixed.1.summary == serial.1.summary)
        let byDevice = { (snapshot: EngineSnapshot?) in snapshot?.devices.sorted { ($0.device ?? "") < ($1.device ?? "") } }
        #expect(byDevice(mixed.1.state) == byDevice(serial.1.state))
        // Inside pairs count the engine's work, which depends on when each shard retired a fence.
        var statistics = (mixed.1.state?.statistics, serial.1.state?.statistics)
        statistics.0?.insidePairs = 0
        statistics.1?.insidePairs = 0
        #expect(statistics.0 == statistics.1)
        #expect(serial.1.state?.statistics.admitted ?? 0 > 4_000)
        #expect(serial.1.state?.devices.allSatisfy { $0.fences.count == 2 } == true)
    }

    /// A reader's error reaches the caller after the fixes read before it, and the evaluator can
    /// still hand out their events.
    @Test func aReadErrorStopsTheRunAfterTheFixesBeforeIt() throws {
        struct Broken: Error {}
        let evaluator = try AlarmEvaluator(store: busyStore(), mode: .dryRun, shards: 2)
        let fixes = stream(seed: 3, devices: 5, fixes: 10_000, grouped: false)
        #expect(throws: Broken.self) {
            try evaluator.feedInParallel { yield in
                for fix in fixes[..<9_000] { try yield(fix) }
                throw Broken()
            }
        }
        #expect(evaluator.statistics.admitted + evaluator.statistics.rejected.values.reduce(0, +) == 9_000)
    }
}
