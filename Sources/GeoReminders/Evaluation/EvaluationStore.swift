import Foundation
import GeofenceEngine

/// What an ``AlarmEvaluator`` needs of a store, and nothing more: the seam that lets the one
/// evaluator run on the embedded SQLite store (``ReminderStore``) and on a shared PostgreSQL one
/// (SharedStore's partitions), as docs/scaling.md describes.
///
/// Synchronous, as the evaluator is. An implementation over an asynchronous client blocks the
/// calling thread until its database answers, so such an evaluator runs on a thread of its own.
public protocol EvaluationStore: Sendable {
    /// The incomplete reminders in creation order, then identifier: the evaluator numbers their
    /// alarms in this order, which is the documented tie order (docs/alarm-evaluation.md).
    func incompleteReminders() throws -> [Reminder]

    /// The accounts, list members and device owners: whose devices fire which alarm.
    func peopleBook() throws -> PeopleBook

    /// The account a device belongs to; nil for a device the store does not know.
    func deviceAccount(_ id: String) throws -> String?

    /// The evaluator's state last saved whole under `key`, or nil.
    func engineState(forKey key: String) throws -> Data?

    /// The fixes logged under `key` since its state was last saved whole, in the order admitted.
    func liveFixLog(forKey key: String) throws -> [Fix]

    /// Records fired alarms, their outbox events and the evaluator's state in one transaction,
    /// running `body` inside it after the writes and before the commit: an event is handed out
    /// only by a transaction that records it.
    ///
    /// An alarm that no longer exists gets no outbox row; an event whose id is already in the
    /// outbox is not added again. `state` replaces the saved state of `key` and empties its fix
    /// log; nil keeps the state and appends `loggedFixes` to the log instead.
    func commitEvaluation(
        firedEvents: [AlarmEvent], lateAfter: TimeInterval,
        state: Data?, forKey key: String, loggedFixes: [Fix], during body: () throws -> Void
    ) throws
}
