import Foundation

/// How a store behaves beyond its file: clock, sort locale, waits.
public struct StoreConfiguration: Sendable {
    /// The locale title sort keys follow; keys are rebuilt when a store opens with another one.
    public var locale: Locale = .current
    /// The zone floating due dates are read in for due-date range filters.
    public var floatingTimeZone: TimeZone = .current
    /// How long a write waits for another process's write to finish before failing, in seconds.
    public var busyTimeout: Double = 5
    /// The clock that stamps modification and completion dates.
    public var now: @Sendable () -> Date = { Date() }
    /// Told of each stored reminder that cannot be read back (say, a rule an older version
    /// accepted): reads leave it out instead of failing, so one bad row never hides the others.
    public var unreadableReminder: @Sendable (_ id: String, _ reason: String) -> Void = { _, _ in }

    /// Opens an existing file for reading only: nothing is written to it, not even the journal
    /// mode, so a file the user may only read can be listed, and one of a newer georemind is
    /// refused untouched. A missing file is created as by any first use; a file of an older schema
    /// is upgraded once if it can be written, else refused.
    public var readOnly = false

    public init() {}
}
