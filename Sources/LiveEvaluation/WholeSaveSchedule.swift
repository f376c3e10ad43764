import Foundation

/// When a commit saves the evaluation state whole instead of logging the fixes it admitted: after
/// ``interval`` seconds or ``fixes`` logged fixes, whichever first. A log is cheap to write but
/// replayed at every load; the whole state is dear to write but loads at once. Kept by a SQLite
/// server's group commit and by each partition a PostgreSQL instance holds, so both bound a
/// restart's replay alike.
package struct WholeSaveSchedule: Sendable, Equatable {
    package static let interval: TimeInterval = 30
    package static let fixes = 100_000

    /// Fixes logged since the state was last saved whole, and when that was.
    package private(set) var loggedSinceSave = 0
    package private(set) var lastWholeSave: Date

    package init(savedWholeAt date: Date = Date()) {
        lastWholeSave = date
    }

    /// Whether a commit at `now` that admits `admitted` more fixes saves the whole state.
    package func savesWhole(admitting admitted: Int, at now: Date) -> Bool {
        loggedSinceSave + admitted > Self.fixes || now.timeIntervalSince(lastWholeSave) > Self.interval
    }

    /// Records a commit that went through (a failed one leaves the schedule as it was).
    package mutating func committed(whole: Bool, admitted: Int, at now: Date) {
        if whole {
            loggedSinceSave = 0
            lastWholeSave = now
        } else {
            loggedSinceSave += admitted
        }
    }
}
