import Foundation
import GeofenceEngine
import Testing

@testable import GeoReminders

/// Devices whose fixes interleave out of time order: the output stays in time order.
@Suite struct DeviceInterleavingTests {
    func twoReminders() throws -> ReminderStore {
        try store(with: [
            reminder(1, "Buy milk", alarms: [arriving(1)]),
            reminder(2, "Lock up", created: 1, alarms: [leaving(2)]),
            reminder(3, "at 55", created: 2, alarms: [timed(3, at: 55)]),
        ])
    }

    /// The phone's whole day, then the watch's: the watch arrived first (t=50) but is read last.
    let grouped = [
        fixAt(0, outside, device: "phone"), fixAt(100, inside, device: "phone"), fixAt(200, outside, device: "phone"),
        fixAt(10, outside, device: "watch"), fixAt(50, inside, device: "watch"), fixAt(150, inside, device: "watch"),
    ]

    @Test func withoutAWindowEventsWaitForFinishAndTheEarliestTransitionWins() throws {
        let evaluator = try AlarmEvaluator(store: twoReminders(), mode: .dryRun)
        var duringFeed: [String] = []
        try evaluator.feed(grouped) { duringFeed.append(describe($0)) }
        var atFinish: [String] = []
        let summary = try evaluator.finish { atFinish.append(describe($0)) }
        #expect(duringFeed == [])
        #expect(atFinish == ["50 enter Buy milk 55.6 @watch", "55 time at 55", "200 leave Lock up 556.0 @phone"])
        #expect(summary.admitted == 6)
    }

    @Test func aReorderWindowReleasesEventsAsTheStreamMovesOnAndDropsFixesBehindIt() throws {
        let evaluator = try AlarmEvaluator(store: twoReminders(), mode: .dryRun, reorderWindow: 30)
        var log: [String] = []
        for fix in grouped {
            try evaluator.feed(fix) { log.append("feed: " + describe($0)) }
        }
        let summary = try evaluator.finish { log.append("finish: " + describe($0)) }
        // 100 enter is released once the newest fix (200) is 30 s past it; the watch's fixes are older
        // than 200 − 30 and dropped, so the phone's later arrival fires.
        #expect(log == ["feed: 55 time at 55", "feed: 100 enter Buy milk 55.6 @phone", "finish: 200 leave Lock up 556.0 @phone"])
        #expect(summary.admitted == 3)
        #expect(summary.dropped == [.outOfOrder: 3, .lowAccuracy: 0, .duplicate: 0, .tooFrequent: 0, .implausibleSpeed: 0])
    }

    @Test func aWindowKeepsSlightlyLateDevicesInOrder() throws {
        // Two devices a few seconds apart, read alternately: nothing dropped with a 10 s window.
        let fixes = [
            fixAt(0, outside, device: "phone"), fixAt(-3, outside, device: "watch"),
            fixAt(60, inside, device: "phone"), fixAt(57, inside, device: "watch"),
            fixAt(120, outside, device: "phone"), fixAt(116, outside, device: "watch"),
        ]
        let result = try evaluate(twoReminders(), fixes, reorderWindow: 10)
        #expect(result.events == ["55 time at 55", "57 enter Buy milk 55.6 @watch", "116 leave Lock up 556.0 @watch"])
        #expect(result.summary.dropped == [.outOfOrder: 0, .lowAccuracy: 0, .duplicate: 0, .tooFrequent: 0, .implausibleSpeed: 0])
    }

    @Test func commitModeHandsOutAtFinishWhateverTheWindow() throws {
        let store = try twoReminders()
        let evaluator = try AlarmEvaluator(store: store, mode: .commit, reorderWindow: 0)
        var duringFeed = 0
        try evaluator.feed(grouped) { _ in duringFeed += 1 }
        var events: [String] = []
        try evaluator.finish { events.append(describe($0)) }
        #expect(duringFeed == 0)
        #expect(events == ["55 time at 55", "100 enter Buy milk 55.6 @phone", "200 leave Lock up 556.0 @phone"])
    }
}
