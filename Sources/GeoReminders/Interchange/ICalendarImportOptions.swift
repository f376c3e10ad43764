/// How an import places and writes reminders.
///
/// The list of each reminder: `listID` when given; else the list titled as the VTODO's
/// X-GEOREMIND-LIST, or the calendar's X-WR-CALNAME (Apple, Thunderbird and Nextcloud name
/// their calendars so), when such a list exists — or is created, with `createsMissingLists`;
/// else a reminder already in the store stays in its list, and a new one goes to the default list.
public struct ICalendarImportOptions: Sendable {
    /// Import every reminder into this list (an identifier); it must exist and allow changes.
    public var listID: String?
    /// Report what would happen and write nothing.
    public var dryRun: Bool
    /// Create lists for list names the file gives that the store lacks.
    public var createsMissingLists: Bool
    /// The account importing (nil: the store's first): only lists it may edit are found or
    /// written, lists it creates are its own, and its own list takes reminders that name none.
    public var account: String?
    /// What to keep with each imported reminder as it is stored, in the same transaction
    /// (``KeptResource``): a CalDAV PUT keeps what its client lists next and reads back. It runs
    /// for reminders the import left unchanged too, as their client's bytes may be new.
    public var keeping: (@Sendable (Reminder, [ReminderList]) -> KeptResource)?

    public init(
        listID: String? = nil, dryRun: Bool = false, createsMissingLists: Bool = false, account: String? = nil,
        keeping: (@Sendable (Reminder, [ReminderList]) -> KeptResource)? = nil
    ) {
        self.listID = listID
        self.dryRun = dryRun
        self.createsMissingLists = createsMissingLists
        self.account = account
        self.keeping = keeping
    }
}
