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
    /// to); the store's settings, without other accounts' own default lists.
    case seenBy(account: String)
}

/// The rows of one table an account's copy holds (``StoreScope/seenBy(account:)``), as a SQL
/// condition on the table, each written so that PostgreSQL answers it by index (subqueries joined
/// with `UNION ALL`, not `OR`, which it answers by reading the table). The condition is written
/// once over ``Terms`` so that a working copy's query (``condition``) and PostgreSQL's row-level
/// security policy (which names the account and looks memberships up its own way) say the same.
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

        /// A working copy's query: `$1` is the account.
        public static let query = Terms(
            account: "$1", memberLists: "SELECT listID FROM listMember WHERE account = $1",
            firstAccount: "SELECT name FROM account ORDER BY createdDate, name LIMIT 1")
    }

    private let written: @Sendable (Terms) -> String

    /// The condition over `terms`.
    public func condition(_ terms: Terms) -> String { written(terms) }

    /// The condition as a working copy's query binds it: `$1` is the account.
    public var condition: String { written(.query) }

    /// The store-wide settings (``ReminderStore/storeSettingKeys``) and the account's own default list.
    static let settings = AccountRows { terms in
        "key IN (\(ReminderStore.storeSettingKeys.map { "'\($0)'" }.joined(separator: ", ")), 'defaultListID:' || \(terms.account))"
    }
    static let accounts = AccountRows { terms in
        """
        name IN (SELECT \(terms.account) UNION ALL (\(terms.firstAccount))
        UNION ALL SELECT account FROM listMember WHERE listID IN (\(terms.memberLists)))
        """
    }
    static let lists = AccountRows { terms in
        "id IN (\(terms.memberLists) UNION ALL SELECT value FROM storeInfo WHERE key = 'defaultListID')"
    }
    static let members = AccountRows { terms in "listID IN (\(terms.memberLists))" }
    static let series = AccountRows { terms in
        "id IN (SELECT seriesID FROM reminder WHERE listID IN (\(terms.memberLists)) AND seriesID IS NOT NULL)"
    }
    static let reminders = AccountRows { terms in "listID IN (\(terms.memberLists))" }
    static let alarms = AccountRows { terms in
        "reminderNumber IN (SELECT number FROM reminder WHERE listID IN (\(terms.memberLists)))"
    }

    private init(_ written: @escaping @Sendable (Terms) -> String) {
        self.written = written
    }
}
