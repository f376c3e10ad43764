/// One table of the store as every copy of it needs to know it: its columns in the order rows are
/// read and written, its key, and the facts the other engine and the working copies act on. The
/// SQLite and PostgreSQL migrations create the table; this says what it is (``StoreCatalogue``).
public struct StoreTable: Sendable {
    public let name: String
    /// Every column, in the order a row's cells come (``StoreValue``s read, loaded and written back).
    public let columns: [String]
    /// The primary key's columns: rows before and after a piece of work are matched by them.
    public let key: [String]
    /// The integer key the database gives a new row (SQLite's INTEGER PRIMARY KEY, PostgreSQL's
    /// identity column), if it gives one: a copy moves its counter past every key it wrote.
    public let generatedKey: String?
    /// Columns SQLite keeps as 0 or 1 and PostgreSQL types as boolean.
    public let booleanColumns: Set<String>
    /// The work that reads or writes the table (``StoreTables``); none for tables only their own
    /// statements touch (delivery queues, CalDAV sync states).
    public let groups: StoreTables
    /// The column naming the evaluator state a row belongs to, for tables that hold states and
    /// fix logs: a shared server's partitions keep their rows out of every working copy.
    public let stateKeyColumn: String?
    /// Rows only ever added, never read back into a working copy: the copy's rows are the new ones.
    public let isAppendOnly: Bool
    /// A SQLite WITHOUT ROWID table: rows are read in key order, as there is no rowid to follow.
    public let isWithoutRowID: Bool
    /// The rows a copy for one account holds (``StoreScope/seenBy(account:)``); nil: every row.
    public let accountRows: AccountRows?
    /// Columns holding another table's generated key, by the table: a key a copy made is given
    /// anew by the database, and these follow it.
    public let generatedKeyReferences: [String: String]

    init(
        _ name: String, key: [String], generatedKey: String? = nil, groups: StoreTables, booleanColumns: Set<String> = [],
        stateKeyColumn: String? = nil, isAppendOnly: Bool = false, isWithoutRowID: Bool = false,
        accountRows: AccountRows? = nil, generatedKeyReferences: [String: String] = [:], columns: [String]
    ) {
        precondition(key.allSatisfy(columns.contains), "\(name)'s key names its own columns")
        precondition(generatedKey.map { key == [$0] } ?? true, "\(name)'s generated key is its whole key")
        precondition(booleanColumns.isSubset(of: columns) && (stateKeyColumn.map(columns.contains) ?? true))
        precondition(Set(generatedKeyReferences.keys).isSubset(of: columns))
        self.name = name
        self.columns = columns
        self.key = key
        self.generatedKey = generatedKey
        self.booleanColumns = booleanColumns
        self.groups = groups
        self.stateKeyColumn = stateKeyColumn
        self.isAppendOnly = isAppendOnly
        self.isWithoutRowID = isWithoutRowID
        self.accountRows = accountRows
        self.generatedKeyReferences = generatedKeyReferences
    }

    /// The order the snapshot reads rows in: the key's for a WITHOUT ROWID table, else insertion's.
    var readingOrder: String { isWithoutRowID ? key.joined(separator: ", ") : "rowid" }

    /// Where each of `key`'s columns sits in a row.
    public var keyPositions: [Int] { key.compactMap { columns.firstIndex(of: $0) } }
}
