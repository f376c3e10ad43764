import Foundation
import Synchronization
import TestSupport
import Testing

@testable import GeoReminders

@Suite struct ChangeNotificationTests {
    /// Counts a change stream's elements from one long-lived consumer (cancelling a consumer
    /// of an AsyncStream ends the stream, so tests must not race consumers against timers).
    final class Counter: Sendable {
        private let seen = Mutex(0)
        private let consumer = Mutex<Task<Void, Never>?>(nil)

        init(_ stream: AsyncStream<Void>) {
            let task = Task { [weak self] in
                for await _ in stream { self?.seen.withLock { $0 += 1 } }
            }
            consumer.withLock { $0 = task }
        }

        deinit { consumer.withLock { $0?.cancel() } }

        var count: Int { seen.withLock { $0 } }

        /// True once at least `target` elements arrived, false if `seconds` pass first.
        func reaches(_ target: Int, within seconds: Double) async -> Bool {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while ContinuousClock.now < deadline {
                if count >= target { return true }
                try? await Task.sleep(for: .milliseconds(5))
            }
            return count >= target
        }
    }

    static let sqlite3 = "/usr/bin/sqlite3"

    // Positive waits are generous: on a 2-core machine the whole suite runs in parallel and a
    // poller can wait seconds for a cooperative thread. Only a failure costs the wait.

    @Test func ownCommitsYieldAtOnce() async throws {
        let store = try memoryStore()
        let changes = Counter(try store.changes(pollInterval: .seconds(60)))
        try store.save(Reminder(title: "x"))
        #expect(await changes.reaches(1, within: 30))
    }

    @Test func heldSavesYieldOnlyOnCommit() async throws {
        let store = try memoryStore()
        let changes = Counter(try store.changes(pollInterval: .seconds(60)))
        try store.save(Reminder(title: "x"), commit: false)
        #expect(await changes.reaches(1, within: 0.2) == false)
        try store.commit()
        #expect(await changes.reaches(1, within: 30))
    }

    @Test func aStreamWakesOnlyForTheChangesItAskedFor() async throws {
        let store = try store(with: [reminder(1, "Buy milk", alarms: [arriving(1)])])
        let reminders = Counter(try store.changes(of: .reminders, pollInterval: .seconds(60)))
        let credentials = Counter(try store.changes(of: .credentials, pollInterval: .seconds(60)))
        let evaluation = Counter(try store.changes(of: .evaluation, pollInterval: .seconds(60)))
        // An evaluation commit that fires an alarm wakes only evaluation streams (a live server's
        // evaluator must not reload after each of its own commits).
        let evaluator = try AlarmEvaluator(store: store, mode: .commit)
        var fired = 0
        try evaluator.feed([fixAt(0, outside), fixAt(60, inside)]) { _ in fired += 1 }
        _ = try evaluator.finish { _ in fired += 1 }
        #expect(fired == 1)
        #expect(await evaluation.reaches(1, within: 30))
        _ = try store.createToken(name: "phone", scope: .ingest)
        #expect(await credentials.reaches(1, within: 30))
        try store.save(Reminder(title: "x"))
        #expect(await reminders.reaches(1, within: 30))
        #expect(await reminders.reaches(2, within: 0.2) == false)
        #expect(await credentials.reaches(2, within: 0.2) == false)
        #expect(await evaluation.reaches(2, within: 0.2) == false)
    }

    @Test func anotherPoolsCommitsYieldWithinThePollInterval() async throws {
        let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
        let writer = try ReminderStore(path: path)
        let watcher = try ReminderStore(path: path)
        let changes = Counter(try watcher.changes(pollInterval: .milliseconds(20)))
        _ = try watcher.reminders()
        _ = try writer.reminders()
        #expect(await changes.reaches(1, within: 0.2) == false)
        try writer.save(Reminder(id: uuid(1), title: "from elsewhere"))
        #expect(await changes.reaches(1, within: 30))
        #expect(try watcher.reminder(id: uuid(1))?.title == "from elsewhere")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: sqlite3)))
    func anotherProcesssCommitsYield() async throws {
        let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
        let store = try ReminderStore(path: path)
        let changes = Counter(try store.changes(pollInterval: .milliseconds(20)))
        try await offPool { try Self.runSQLite(path: path, sql: "INSERT INTO list VALUES ('\(uuid(100))', 'Shell', '#000000', 1, 0);") }
        #expect(await changes.reaches(1, within: 30))
        #expect(try store.lists().map(\.title) == ["Reminders", "Shell"])
    }

    static func runSQLite(path: String, sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sqlite3)
        process.arguments = ["-cmd", ".timeout 10000", path, sql]
        try process.run()
        process.waitUntilExit()
        // Thrown, not #expect-ed: callers may run this off the test's task.
        guard process.terminationStatus == 0 else { throw SQLiteShellFailed(status: process.terminationStatus) }
    }

    struct SQLiteShellFailed: Error { var status: Int32 }

    @Test func endingTheStreamStopsObserving() async throws {
        let store = try memoryStore()
        var changes: AsyncStream<Void>? = try store.changes(pollInterval: .milliseconds(10))
        _ = changes
        changes = nil
        try store.save(Reminder(title: "x"))
        let observing = store.observers.count
        #expect(observing == 0)
    }
}
