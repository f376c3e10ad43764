/// What an import did, or with `dryRun` would do, to each VTODO it read.
public struct ICalendarImportReport: Hashable, Sendable {
    /// What became of one VTODO.
    public enum Outcome: Hashable, Sendable {
        case created
        case updated
        /// The store already held the same reminder, field for field (to the second).
        case unchanged
        case skipped(reason: String)
    }

    public struct Entry: Hashable, Sendable {
        public var file: String
        /// The line of the VTODO's `BEGIN:`.
        public var line: Int?
        /// The UID as the file writes it.
        public var uid: String
        /// The reminder's identifier in the store; nil when skipped.
        public var reminderID: String?
        public var title: String
        /// The list the reminder went to; nil when skipped.
        public var listID: String?
        public var outcome: Outcome
    }

    /// Something read but not kept (an alarm of an unknown kind, a VEVENT), the reminder kept.
    public struct Note: Hashable, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int?
        public var message: String

        public var description: String {
            "\(file):" + (line.map { "\($0):" } ?? "") + " " + message
        }
    }

    public var entries: [Entry] = []
    /// Lists created for list names the file gave (when `createsMissingLists` is set).
    public var createdLists: [ReminderList] = []
    public var notes: [Note] = []
    /// True when nothing was written.
    public var dryRun: Bool = false

    public var created: [Entry] { entries.filter { $0.outcome == .created } }
    public var updated: [Entry] { entries.filter { $0.outcome == .updated } }
    public var unchanged: [Entry] { entries.filter { $0.outcome == .unchanged } }
    public var skipped: [Entry] {
        entries.filter { if case .skipped = $0.outcome { true } else { false } }
    }
}
