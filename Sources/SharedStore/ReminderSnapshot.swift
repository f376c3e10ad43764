import GeoReminders

/// The incomplete reminders read once for every partition an instance loads at one time. A
/// reminder change makes each held partition's evaluator start again, and each reading every
/// reminder itself cost 64 full reads an instance: 10 s for 10,000 reminders, with no fix evaluated
/// meanwhile. The instance's evaluation thread empties it before each round of loading, so a round
/// sees the reminders as they are when it starts.
package final class ReminderSnapshot: @unchecked Sendable {
    // @unchecked: used by one evaluation thread only, as the partitions' stores are.
    private var reminders: [Reminder]?

    package init() {}

    /// The reminders read by the first store of this round to ask, read by `load` now if none has.
    func reminders(_ load: () throws -> [Reminder]) throws -> [Reminder] {
        if let reminders { return reminders }
        let loaded = try load()
        reminders = loaded
        return loaded
    }

    /// Starts a round: the next store to ask reads the reminders again.
    package func empty() {
        reminders = nil
    }
}
