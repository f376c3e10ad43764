import Foundation
import GeofenceEngine
import Testing

@testable import GeoReminders

/// Commit mode saves fired alarms and the engine's state so the next file continues the stream.
@Suite struct EvaluationContinuityTests {
    func dayStore() throws -> ReminderStore {
        try store(with: [
            reminder(1, "Buy milk", alarms: [arriving(1)]),
            reminder(2, "Lock up", created: 1, alarms: [leaving(2)]),
            reminder(3, "at 150", created: 2, alarms: [timed(3, at: 150)]),
            reminder(4, "at 250", created: 3, alarms: [timed(4, at: 250)]),
        ])
    }

    /// Saved states name their fences by these digests: a change of the function would make every
    /// stored state's fences unknown, so the values are pinned (FNV-1a, computed apart).
    @Test func fenceDigestsKeepTheirValues() {
        #expect(
            EvaluationState.fenceDigest(
                id: "C86914BE-E97D-4D78-8B67-CD26DB7CA6CC/ALARM-1", latitude: 52.427575, longitude: 13.427946, radius: 499.5)
                == 0xdad2_7dd8_933f_8baf)
        #expect(
            EvaluationState.fenceDigest(
                id: "rémi/1", latitude: -33.5, longitude: 151.25, radius: 100,
                area: #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}"#) == 0x663a_169e_1e3b_05f6)
    }

    /// Day one ends inside the office; day two starts inside, leaves, comes back.
    let dayOne = [fixAt(0, outside), fixAt(60, inside), fixAt(100, 0.0008)]
    let dayTwo = [fixAt(200, inside), fixAt(260, outside), fixAt(300, inside)]

    @Test func dryRunNeverWrites() throws {
        let store = try dayStore()
        #expect(try evaluate(store, dayOne, mode: .dryRun).events == ["60 enter Buy milk 55.6"])
        #expect(try store.engineState(forKey: AlarmEvaluator.defaultStateKey) == nil)
        #expect(try store.reminders().flatMap(\.alarms).allSatisfy { $0.firedDate == nil })
        // Nothing was recorded, so a second dry run sees the same.
        #expect(try evaluate(store, dayOne, mode: .dryRun).events == ["60 enter Buy milk 55.6"])
    }

    @Test func commitRecordsFiredAlarmsAndTheStateSoNothingFiresTwice() throws {
        let store = try dayStore()
        #expect(try evaluate(store, dayOne, mode: .commit).events == ["60 enter Buy milk 55.6"])
        #expect(try store.reminder(id: uuid(1))?.alarms.first?.firedDate == date(streamStart + 60))
        #expect(try store.reminder(id: uuid(2))?.alarms.first?.firedDate == nil)
        #expect(try store.engineState(forKey: AlarmEvaluator.defaultStateKey) != nil)
        // The same file again: every fix is older than the saved last fix of its device, the last
        // one is that fix again.
        let again = try evaluate(store, dayOne, mode: .commit)
        #expect(again.events == [])
        #expect(
            again.summary
                == EvaluationSummary(
                    admitted: 0, rejected: [.badCoordinates: 0, .noTime: 0, .badTime: 0],
                    dropped: [.outOfOrder: 2, .lowAccuracy: 0, .duplicate: 1, .tooFrequent: 0, .implausibleSpeed: 0], events: 0))
    }

    @Test(arguments: [false, true])
    func twoFeedsAreOneFeed(initialTrigger: Bool) throws {
        let options = EngineOptions(initialTrigger: initialTrigger)
        let whole = try evaluate(try dayStore(), dayOne + dayTwo, mode: .commit, options: options).events
        let store = try dayStore()
        let first = try evaluate(store, dayOne, mode: .commit, options: options)
        let second = try evaluate(store, dayTwo, mode: .commit, options: options)
        #expect(first.events + second.events == whole)
        // The first fix is outside either way; "at 150" falls between the files and fires in the second.
        #expect(whole == ["60 enter Buy milk 55.6", "150 time at 150", "250 time at 250", "260 leave Lock up 556.0"])
        #expect(second.events == ["150 time at 150", "250 time at 250", "260 leave Lock up 556.0"])
        #expect(second.summary.admitted == 3)
    }

    @Test func withoutTheSavedStateTheSecondFileWouldStartFresh() throws {
        // Day two on its own, with initial trigger: the first inside fix enters (the spurious event
        // continuity avoids), and time alarms before its first fix are out of its span.
        let store = try dayStore()
        #expect(
            try evaluate(store, dayTwo, mode: .dryRun, options: EngineOptions(initialTrigger: true)).events
                == ["200 enter Buy milk 55.6", "250 time at 250", "260 leave Lock up 556.0"])
    }

    @Test func remindersAddedOrRemovedBetweenRunsKeepTheStreamGoing() throws {
        let store = try dayStore()
        _ = try evaluate(store, dayOne, mode: .commit)
        // Between runs: "Buy milk" is deleted, "Call Ann" arrives on the same place while the device
        // is there, "Lock up" moves 1 km north (same alarm id: a new fence).
        try store.remove(id: uuid(1))
        _ = try store.save(reminder(5, "Call Ann", created: 10, alarms: [arriving(5)]))
        var lockUp = try #require(try store.reminder(id: uuid(2)))
        let moved = StructuredLocation(title: "Depot", latitude: office.latitude + 0.01, longitude: office.longitude, radius: 200)
        lockUp.alarms = [leaving(2, at: moved)]
        _ = try store.save(lockUp)
        // A new fence starts unknown: being inside at 200 is not an arrival; coming back at 300 is.
        let second = try evaluate(store, dayTwo, mode: .commit)
        #expect(second.events == ["150 time at 150", "250 time at 250", "300 enter Call Ann 55.6"])
    }

    @Test func anEmitThatThrowsRecordsNothing() throws {
        struct Closed: Error {}
        let store = try dayStore()
        let evaluator = try AlarmEvaluator(store: store, mode: .commit)
        try evaluator.feed(dayOne) { _ in }
        #expect(throws: Closed.self) { try evaluator.finish { _ in throw Closed() } }
        #expect(try store.engineState(forKey: AlarmEvaluator.defaultStateKey) == nil)
        #expect(try store.reminder(id: uuid(1))?.alarms.first?.firedDate == nil)
        #expect(try evaluate(store, dayOne, mode: .commit).events == ["60 enter Buy milk 55.6"])
    }

    @Test func completingAReminderBetweenRunsRemovesItsFence() throws {
        let store = try dayStore()
        _ = try evaluate(store, dayOne, mode: .commit)
        var lockUp = try #require(try store.reminder(id: uuid(2)))
        lockUp.isCompleted = true
        _ = try store.save(lockUp)
        #expect(try evaluate(store, dayTwo, mode: .commit).events == ["150 time at 150", "250 time at 250"])
    }

    @Test func checkpointsHandOutEventsDuringTheFeedAndARunThatStopsLosesNothing() throws {
        let store = try dayStore()
        var log: [String] = []
        do {
            // Checkpoint at every release; the run then stops without finishing (a crash).
            let evaluator = try AlarmEvaluator(store: store, mode: .commit, reorderWindow: 0, checkpointInterval: 0)
            try evaluator.feed([fixAt(0, outside), fixAt(60, inside), fixAt(120, outside)]) { log.append("run 1: " + describe($0)) }
        }
        // "Buy milk" was handed out and recorded with the fix at 120; "Lock up" (120) was still
        // pending, saved with the checkpoint, and comes out of the next run.
        #expect(log == ["run 1: 60 enter Buy milk 55.6"])
        #expect(try store.reminder(id: uuid(1))?.alarms.first?.firedDate == date(streamStart + 60))
        #expect(try store.reminder(id: uuid(2))?.alarms.first?.firedDate == nil)
        let evaluator = try AlarmEvaluator(store: store, mode: .commit, reorderWindow: 0, checkpointInterval: 0)
        try evaluator.feed([fixAt(60, inside), fixAt(180, inside)]) { log.append("run 2: " + describe($0)) }
        let summary = try evaluator.finish { log.append("finish: " + describe($0)) }
        #expect(log == ["run 1: 60 enter Buy milk 55.6", "run 2: 120 leave Lock up 556.0", "run 2: 150 time at 150"])
        #expect(summary.dropped[.outOfOrder] == 1)
        #expect(try store.reminder(id: uuid(2))?.alarms.first?.firedDate == date(streamStart + 120))
    }

    @Test func aDamagedStateIsReportedNotOverwritten() throws {
        let store = try dayStore()
        try store.saveEngineState(Data("not json".utf8), forKey: AlarmEvaluator.defaultStateKey)
        #expect(throws: EvaluationError.self) { try AlarmEvaluator(store: store) }
        #expect(try store.engineState(forKey: AlarmEvaluator.defaultStateKey) == Data("not json".utf8))
    }
}
