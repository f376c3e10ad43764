import Foundation
import LiveEvaluation
import Testing

/// A commit logs its fixes until 30 s or 100,000 logged fixes have passed since the state was
/// last saved whole; a failed commit changes nothing.
@Suite struct WholeSaveScheduleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func fixesAreLoggedUntilTheCountIsPassed() {
        var schedule = WholeSaveSchedule(savedWholeAt: start)
        #expect(!schedule.savesWhole(admitting: 100_000, at: start + 1))
        schedule.committed(whole: false, admitted: 99_999, at: start + 1)
        #expect(!schedule.savesWhole(admitting: 1, at: start + 2))
        #expect(schedule.savesWhole(admitting: 2, at: start + 2))
        schedule.committed(whole: true, admitted: 2, at: start + 2)
        #expect(schedule.loggedSinceSave == 0 && schedule.lastWholeSave == start + 2)
    }

    @Test func theStateIsSavedWholeOnceTheIntervalIsPassed() {
        var schedule = WholeSaveSchedule(savedWholeAt: start)
        schedule.committed(whole: false, admitted: 10, at: start + 5)
        #expect(!schedule.savesWhole(admitting: 0, at: start + 30))
        #expect(schedule.savesWhole(admitting: 0, at: start + 30.001))
        #expect(schedule.loggedSinceSave == 10)
    }

    @Test func aFailedCommitIsNotRecorded() {
        let schedule = WholeSaveSchedule(savedWholeAt: start)
        // The caller records only commits that went through: asking changes nothing.
        #expect(!schedule.savesWhole(admitting: 5, at: start + 1))
        #expect(schedule == WholeSaveSchedule(savedWholeAt: start))
    }
}
