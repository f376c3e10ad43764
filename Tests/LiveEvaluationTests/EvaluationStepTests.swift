import Foundation
import GeoReminders
import GeofenceEngine
import Testing

@testable import LiveEvaluation

/// One group commit as both live evaluators run it: each request's fixes, then its phone's
/// crossings, counted per request; one commit that logs the admitted fixes or saves the state whole.
struct EvaluationStepTests {
    let shop = StructuredLocation(title: "Shop", latitude: 48.1, longitude: 11.5, radius: 100)
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func fix(_ seconds: Double, _ latitude: Double, _ device: String = "phone") -> Fix {
        Fix(time: now.addingTimeInterval(seconds), latitude: latitude, longitude: 11.5, accuracy: 5, device: device)
    }

    func store() throws -> (ReminderStore, milk: Reminder, bread: Reminder) {
        let store = try ReminderStore.inMemory()
        let milk = try store.save(Reminder(title: "Milk", alarms: [Alarm(trigger: .location(location: shop, proximity: .enter))]))
        let bread = try store.save(Reminder(title: "Bread", alarms: [Alarm(trigger: .location(location: shop, proximity: .enter))]))
        return (store, milk, bread)
    }

    @Test func eachRequestIsCountedAndTheCommitLogsItsAdmittedFixes() throws {
        let (store, milk, bread) = try store()
        let evaluator = try AlarmEvaluator(store: store, mode: .commit, checkpointInterval: 0)
        var tally = AdmissionTally()
        var schedule = WholeSaveSchedule(savedWholeAt: now)
        let region = (
            PhoneRegion.id(reminderID: bread.id, alarmID: bread.alarms[0].id),
            PhoneRegion.stamp(reminderID: bread.id, alarmID: bread.alarms[0].id)
        )
        let crossing = ReportedCrossing(
            kind: .enter, regionID: region.0, regionStamp: region.1, trigger: .regionMonitoring, fix: fix(-50, 48.1, "tablet"))
        var step = try EvaluationStep.admitting(
            [
                EvaluationStep.Request(fixes: [fix(-60, 48.11), fix(-30, 48.1)]),
                EvaluationStep.Request(fixes: [fix(-30, 48.1), fix(-90, 48.2)], crossings: [crossing]),
            ], to: evaluator, tally: &tally, at: now)
        #expect(step.outcomes.map(\.admitted) == [2, 0])
        #expect(step.outcomes[1].rejected == [.duplicate: 1, .outOfOrder: 1])
        #expect(step.outcomes[1].crossings == [.fired: 1])
        #expect(step.admitted == [fix(-60, 48.11), fix(-30, 48.1)])
        try step.commit(evaluator, schedule: &schedule, at: now)
        #expect(step.fired == 2 && step.firedByKind == ["enter": 2] && !step.savedWhole)
        #expect(schedule.loggedSinceSave == 2)
        #expect(try store.liveFixLog(forKey: AlarmEvaluator.defaultStateKey) == step.admitted)
        #expect(try store.reminder(id: milk.id)?.alarms[0].firedDate == now.addingTimeInterval(-30))
        #expect(try store.reminder(id: bread.id)?.alarms[0].firedDate == now.addingTimeInterval(-50))
    }

    @Test func aCommitTheScheduleCallsWholeSavesTheStateAndEmptiesTheLog() throws {
        let (store, _, _) = try store()
        let evaluator = try AlarmEvaluator(store: store, mode: .commit, checkpointInterval: 0)
        var tally = AdmissionTally()
        var schedule = WholeSaveSchedule(savedWholeAt: now)
        var first = try EvaluationStep.admitting([.init(fixes: [fix(-60, 48.11)])], to: evaluator, tally: &tally, at: now)
        try first.commit(evaluator, schedule: &schedule, at: now)
        #expect(try store.liveFixLog(forKey: AlarmEvaluator.defaultStateKey).count == 1)
        let later = now.addingTimeInterval(WholeSaveSchedule.interval + 1)
        var second = try EvaluationStep.admitting([.init(fixes: [fix(40, 48.11)])], to: evaluator, tally: &tally, at: later)
        try second.commit(evaluator, schedule: &schedule, at: later)
        #expect(second.savedWhole && schedule.loggedSinceSave == 0 && schedule.lastWholeSave == later)
        #expect(try store.liveFixLog(forKey: AlarmEvaluator.defaultStateKey).isEmpty)
        #expect(try store.engineState(forKey: AlarmEvaluator.defaultStateKey) != nil)
    }
}
