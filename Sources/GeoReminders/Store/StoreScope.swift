/// How many of the named tables' rows a piece of store work needs: all of them, or only what one
/// account can see. Every rule reached by an account (``ReminderStore/reminderIDs(visibleTo:)``,
/// ``ReminderStore/checkCanEdit(listID:actor:)``) already filters by its lists, so a copy that
/// holds just those rows answers it alike; on PostgreSQL such a copy then costs the account's
/// reminders, not the database's (docs/scaling.md).
public enum StoreScope: Sendable, Hashable {
    /// Every row of the tables.
    case everything
    /// The lists the account is a member of, their members, reminders, alarms and series; the
    /// account itself, the first account and the store's default list (what a save falls back
    /// to); the store's settings, without other accounts' own default lists. On PostgreSQL such
    /// work also runs behind row-level security, which opens only these people's tables to it
    /// (`.reminders` and `.lists` work).
    case seenBy(account: String)
}

/// The rows of one table an account's copy holds (``StoreScope/seenBy(account:)``): those whose
/// ``column`` is among the values a subquery on the account gives, written over ``Terms`` so that
/// the engine says how it names the account and its memberships. On PostgreSQL the subqueries
/// become row-level security (SharedStore's `RowSecurity`), which picks a copy's rows; each is one
/// PostgreSQL answers by index (subqueries joined with `UNION ALL`, not `OR`, which it answers by
/// reading the table).
public struct AccountRows: Sendable {
    /// The pieces a condition is written from.
    public struct Terms: Sendable {
        /// The account, as an SQL expression.
        public let account: String
        /// The ids of the lists the account is a member of, as a subquery.
        public let memberLists: String
        /// The first account's name, as a subquery: a save with no actor acts as it.
        public let firstAccount: String

        public init(account: String, memberLists: String, firstAccount: String) {
            self.account = account
            self.memberLists = memberLists
            self.firstAccount = firstAccount
        }
    }

    /// The column the rows are picked by.
    public let column: String
    private let written: @Sendable (Terms) -> String

    /// The values of ``column`` the account's rows hold, as a subquery over `terms`.
    public func values(_ terms: Terms) -> String { written(terms) }

    /// The store-wide settings (``ReminderStore/storeSettingKeys``) and the account's own default list.
    static let settings = AccountRows(column: "key") { terms in
        "VALUES "
            + (ReminderStore.storeSettingKeys.map { "('\($0)')" } + ["('defaultListID:' || \(terms.account))"])
            .joined(separator: ", ")
    }
    static let accounts = AccountRows(column: "name") { terms in
        """
        SELECT \(terms.account) UNION ALL (\(terms.firstAccount))
        UNION ALL SELECT account FROM listMember WHERE listID IN (\(terms.memberLists))
        """
    }
    static let lists = AccountRows(column: "id") { terms in
        "\(terms.memberLists) UNION ALL SELECT value FROM storeInfo WHERE key = 'defaultListID'"
    }
    static let members = AccountRows(column: "listID") { terms in terms.memberLists }
    static let series = AccountRows(column: "id") { terms in
        "SELECT seriesID FROM reminder WHERE listID IN (\(terms.memberLists)) AND seriesID IS NOT NULL"
    }
    static let reminders = AccountRows(column: "listID") { terms in terms.memberLists }
    static let alarms = AccountRows(column: "reminderNumber") { terms in
        "SELECT number FROM reminder WHERE listID IN (\(terms.memberLists))"
    }
    /// Client copies follow their reminders, by number as alarms do.
    static let clientCopies = alarms

    private init(column: String, values: @escaping @Sendable (Terms) -> String) {
        self.column = column
        self.written = values
    }
}
