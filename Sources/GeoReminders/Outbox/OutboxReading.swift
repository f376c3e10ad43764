import Foundation

/// The outbox as its readers (the event stream, the events listing) see it, on either engine:
/// read in place, never copied, as it grows without bound.
public protocol OutboxReading: Sendable {
    /// Events after `sequence` in insertion order, at most `limit`.
    func outboxEvents(after sequence: Int64, limit: Int) throws -> [OutboxEvent]

    /// Where a reader that last saw event `id` resumes (0, from the oldest kept, when it is gone).
    func outboxSequence(resumingAfter id: String) throws -> Int64

    /// The newest event's sequence (0 for an empty outbox).
    func outboxEnd() throws -> Int64

    /// The events fired by fixes of `devices` after `sequence`, in insertion order, at most
    /// `limit`: a phone's pending alerts (``PhoneReplies``).
    func outboxEvents(devices: [String], after sequence: Int64, limit: Int) throws -> [OutboxEvent]

    /// The sequence of the newest event of `devices` recorded before `date` (0 when none).
    func outboxSequence(devices: [String], recordedBefore date: Date) throws -> Int64
}

extension ReminderStore: OutboxReading {}
