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
/// condition on the table where `$1` is the account, each written so that PostgreSQL answers it
/// by index (subqueries joined with `UNION ALL`, not `OR`, which it answers by reading the table).
public struct AccountRows: Sendable {
    public let condition: String

    /// The lists `$1` is a member of, as a subquery.
    static let memberLists = "SELECT listID FROM listMember WHERE account = $1"

    /// The store-wide settings (``ReminderStore/storeSettingKeys``) and the account's own default list.
    static let settings = AccountRows(
        condition: "key IN (\(ReminderStore.storeSettingKeys.map { "'\($0)'" }.joined(separator: ", ")), 'defaultListID:' || $1)")
    static let accounts = AccountRows(
        condition: """
            name IN (SELECT $1 UNION ALL (SELECT name FROM account ORDER BY createdDate, name LIMIT 1)
            UNION ALL SELECT account FROM listMember WHERE listID IN (\(memberLists)))
            """)
    static let lists = AccountRows(
        condition: "id IN (\(memberLists) UNION ALL SELECT value FROM storeInfo WHERE key = 'defaultListID')")
    static let members = AccountRows(condition: "listID IN (\(memberLists))")
    static let series = AccountRows(
        condition: "id IN (SELECT seriesID FROM reminder WHERE listID IN (\(memberLists)) AND seriesID IS NOT NULL)")
    static let reminders = AccountRows(condition: "listID IN (\(memberLists))")
    static let alarms = AccountRows(condition: "reminderNumber IN (SELECT number FROM reminder WHERE listID IN (\(memberLists)))")
}
