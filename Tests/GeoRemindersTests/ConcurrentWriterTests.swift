import Foundation
import Synchronization
import TestSupport
import Testing

@testable import GeoReminders

/// These tests block threads for seconds (writers waiting on SQLite locks, a child process), so
/// the blocking runs on Dispatch threads, off the cooperative pool the other suites share: on a
/// 2-core machine a blocked pool would stall, e.g., the change-notification pollers.
@Suite struct ConcurrentWriterTests {
    @Test func twoPoolsHammeringOneFileLoseNothing() async throws {
        let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
        let stores = [try ReminderStore(path: path), try ReminderStore(path: path)]
        let writers = 8, perWriter = 50
        let failures = Mutex<[String]>([])
        await offPool {
            DispatchQueue.concurrentPerform(iterations: writers) { writer in
                let store = stores[writer % 2]
                for n in 0..<perWriter {
                    do {
                        // Alternate single saves and small batches.
                        try store.save(Reminder(id: uuid(writer * 1_000 + n + 1), title: "w\(writer) n\(n)"), commit: n % 3 != 0)
                        if n % 3 == 0 { try store.commit() }
                        _ = try store.reminders(matching: ReminderPredicate(titleContains: "w\(writer) "))
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        for store in stores {
            #expect(try store.reminders().count == writers * perWriter)
        }
        #expect(try stores[0].lists().count == 1)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ChangeNotificationTests.sqlite3)))
    func anotherProcessWritingAtTheSameTimeLosesNothing() async throws {
        let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
        let store = try ReminderStore(path: path)
        let listID = try store.defaultList().id
        // 300 single-row transactions from a sqlite3 process while this process saves 300.
        let inserts = (1...300).map { n in
            "INSERT INTO reminder (id, listID, title, titleKey, priority, priorityLevel, isCompleted, creationDate, lastModifiedDate, isLocationReminder) VALUES ('\(uuid(100_000 + n))', '\(listID)', 'shell \(n)', 'shell \(n)', 0, 'none', 0, \(n), \(n), 0);"
        }.joined()
        async let shell: Void = offPool { try ChangeNotificationTests.runSQLite(path: path, sql: inserts) }
        try await offPool {
            for n in 1...300 {
                try store.save(Reminder(id: uuid(n), title: "swift \(n)"))
            }
        }
        try await shell
        #expect(try store.reminders().count == 600)
        #expect(try store.reminders(matching: ReminderPredicate(titleContains: "shell")).count == 300)
    }
}

/// Runs blocking work on a Dispatch thread and waits for it without holding a cooperative thread.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}

func offPool(_ work: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            work()
            continuation.resume()
        }
    }
}
