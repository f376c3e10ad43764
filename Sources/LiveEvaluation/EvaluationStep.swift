import Foundation
import GeoReminders
import GeofenceEngine

/// One group commit of live evaluation, the same for a SQLite server's one evaluator
/// (``LiveEvaluator``) and each partition a PostgreSQL instance holds: the clock moved to now,
/// each request's fixes admitted in order and then its phone's reported crossings corroborated,
/// then one commit that logs the admitted fixes, or saves the whole state when the
/// ``WholeSaveSchedule`` says so.
///
/// A step changes its caller's tally and schedule only through `inout`, so a caller whose commit
/// may fail (a partition's lease lost) hands in copies and keeps them once committed.
package struct EvaluationStep {
    /// One request's part: what it carried.
    package struct Request {
        package var fixes: [Fix]
        package var crossings: [ReportedCrossing]

        package init(fixes: [Fix], crossings: [ReportedCrossing] = []) {
            self.fixes = fixes
            self.crossings = crossings
        }
    }

    /// What became of each request, in order.
    package private(set) var outcomes: [IngestOutcome] = []
    /// The fixes the engine admitted, in the order admitted.
    package private(set) var admitted: [Fix] = []
    /// The alarms the commit fired, by kind (`enter`, `leave`, `time`).
    package private(set) var firedByKind: [String: Int] = [:]
    /// How many events the commit handed out.
    package private(set) var fired = 0
    /// Whether the commit saved the state whole (and emptied the fix log).
    package private(set) var savedWhole = false

    /// Admits `requests` into `evaluator` at `now`, counting each fix's disposition in `tally`.
    package static func admitting(
        _ requests: [Request], to evaluator: AlarmEvaluator, tally: inout AdmissionTally, at now: Date
    ) throws -> EvaluationStep {
        evaluator.advanceClock(to: now)
        var step = EvaluationStep()
        step.outcomes.reserveCapacity(requests.count)
        step.admitted.reserveCapacity(requests.reduce(0) { $0 + $1.fixes.count })
        for request in requests {
            var outcome = IngestOutcome()
            for fix in request.fixes {
                let disposition = try evaluator.admit(fix)
                tally.count(fix, disposition, in: &outcome)
                if disposition == .admitted { step.admitted.append(fix) }
            }
            for crossing in request.crossings {
                outcome.crossings[try evaluator.corroborate(crossing), default: 0] += 1
            }
            step.outcomes.append(outcome)
        }
        return step
    }

    /// Hands out what the admitted fixes (and the clock) fired and records it in one transaction,
    /// with the fix log or the whole state as `schedule` says; `schedule` moves only once that
    /// commit went through.
    package mutating func commit(_ evaluator: AlarmEvaluator, schedule: inout WholeSaveSchedule, at now: Date) throws {
        let whole = schedule.savesWhole(admitting: admitted.count, at: now)
        var byKind: [String: Int] = [:]
        fired = try evaluator.commitLive(logging: whole ? nil : admitted) { byKind[$0.kind.rawValue, default: 0] += 1 }
        firedByKind = byKind
        savedWhole = whole
        schedule.committed(whole: whole, admitted: admitted.count, at: now)
    }
}
