import CivilTime
import Foundation

/// What completing a reminder did, for the caller to report.
public struct CompletionResult: Hashable, Sendable {
    /// What happened.
    public enum Outcome: String, Hashable, Sendable {
        /// A repeating reminder moved to its next occurrence; the completed one went to history.
        case advanced
        /// The reminder is now completed: it does not repeat, or its series has ended.
        case completed
        /// Nothing changed: the reminder was already completed.
        case alreadyCompleted
        /// Nothing changed: the named occurrence is not the reminder's current one (completed
        /// before, most likely), so completing it again must not advance the series twice.
        case staleOccurrence
    }

    public var outcome: Outcome
    /// The live reminder as stored after the operation (advanced, completed, or untouched).
    public var reminder: Reminder
    /// The history copy of the completed occurrence: the one written now (`.advanced`), or the
    /// one written earlier for a stale occurrence, when there is one.
    public var historyCopyID: String?
    /// The live reminder's due date when it is still to do; nil once the reminder is completed.
    public var nextDue: CivilDateTime?

    public init(outcome: Outcome, reminder: Reminder, historyCopyID: String? = nil, nextDue: CivilDateTime? = nil) {
        self.outcome = outcome
        self.reminder = reminder
        self.historyCopyID = historyCopyID
        self.nextDue = nextDue
    }

    /// True when the store changed.
    public var didChange: Bool { outcome == .advanced || outcome == .completed }
}
