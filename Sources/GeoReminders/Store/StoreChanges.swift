/// What a commit changed, so that a change stream wakes only the consumers that care: a live
/// server's evaluator reloads on reminder changes, not after each of its own commits that fired an
/// alarm (those re-read 10,000 reminders' fingerprint a few hundred times a second under load).
public struct StoreChanges: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Reminders, their lists and alarms' fired or acknowledged state, as people edit them.
    public static let reminders = StoreChanges(rawValue: 1 << 0)
    /// Alarms recorded fired by an evaluation, with their outbox events.
    public static let evaluation = StoreChanges(rawValue: 1 << 1)
    /// Tokens and devices.
    public static let credentials = StoreChanges(rawValue: 1 << 2)

    /// Everything; what a commit by another process counts as (its kind cannot be known).
    public static let all: StoreChanges = [.reminders, .evaluation, .credentials]
}
