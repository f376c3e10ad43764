/// The outbox as its readers (the event stream, the events listing) see it, on either engine:
/// read in place, never copied, as it grows without bound.
public protocol OutboxReading: Sendable {
    /// Events after `sequence` in insertion order, at most `limit`.
    func outboxEvents(after sequence: Int64, limit: Int) throws -> [OutboxEvent]

    /// Where a reader that last saw event `id` resumes (0, from the oldest kept, when it is gone).
    func outboxSequence(resumingAfter id: String) throws -> Int64

    /// The newest event's sequence (0 for an empty outbox).
    func outboxEnd() throws -> Int64
}

extension ReminderStore: OutboxReading {}
