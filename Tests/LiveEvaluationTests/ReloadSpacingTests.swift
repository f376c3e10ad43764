import Foundation
import GeoReminders
import GeofenceEngine
import Logging
import Synchronization
import Testing

@testable import LiveEvaluation

/// A burst of writes reloads the evaluator every ``LiveEvaluator/reloadSpacing`` rather than once
/// per write, and a fix taken while a reload is deferred is still evaluated against the reminders
/// as they are: the pending reload runs first.
@Suite struct ReloadSpacingTests {
    @Test func aBurstOfWritesCostsAFewReloadsAndAFixSeesTheLastWrite() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try ReminderStore(path: folder.appendingPathComponent("store.sqlite").path)
        let fired = Mutex(0)
        let evaluator = try LiveEvaluator(store: store, options: .init(), logger: Logger(label: "test")) { record in
            fired.withLock { $0 += record.firedByKind.values.reduce(0, +) }
        }
        let running = Task { try await evaluator.run() }
        defer { running.cancel() }
        try await Task.sleep(for: .milliseconds(200))

        let started = Date()
        for number in 0..<60 { _ = try store.save(Reminder(title: "Task \(number)")) }
        let shop = StructuredLocation(title: "Shop", latitude: 48.1, longitude: 11.5, radius: 100)
        _ = try store.save(Reminder(title: "Buy milk", alarms: [Alarm(trigger: .location(location: shop, proximity: .enter))]))
        // The last write's notification has arrived; its reload is still deferred.
        try await Task.sleep(for: .milliseconds(50))
        let now = Date()
        for (seconds, latitude) in [(-60.0, 48.11), (-30.0, 48.1)] {
            let outcome = try await evaluator.submit(
                [Fix(time: now.addingTimeInterval(seconds), latitude: latitude, longitude: 11.5, accuracy: 5, device: "phone")],
                tokenName: nil)
            #expect(outcome.admitted == 1)
        }
        let elapsed = Date().timeIntervalSince(started)

        #expect(fired.withLock { $0 } == 1, "the arrival at the shop written last fires")
        let reloads = evaluator.reloads.load(ordering: .relaxed)
        #expect(reloads >= 1)
        #expect(reloads <= Int(elapsed / LiveEvaluator.reloadSpacing) + 2, "\(reloads) reloads in \(elapsed) s")
    }
}
