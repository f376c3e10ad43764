import GeoReminders
import PostgresNIO

/// PostgreSQL's row-level security, which picks an account's working copy: the tables holding
/// people's rows (those with ``GeoReminders/StoreTable/accountRows``) show the role ``role`` only
/// the rows the account in the transaction's ``accountSetting`` may see, and refuse a row it writes
/// outside them. Work for one account (``GeoReminders/StoreScope/seenBy(account:)``) runs under
/// that role and loads its tables with no filter of its own, so the database holds the line a
/// second time behind the store's rules run on the copy (``GeoReminders/ReminderStore/reminderIDs(visibleTo:)``,
/// ``GeoReminders/ReminderStore/checkCanEdit(listID:actor:)``): a rule that forgot its account
/// still meets nothing of another's. The evaluators, migrations and work on the whole store run as
/// the store's owner, for whom a policy shows every row.
///
/// `FORCE ROW LEVEL SECURITY` holds the owner to the policies too, so a role reaches these tables
/// only through a policy naming it. The role is the cluster's (roles are not a database's): the
/// owner creates it, or an administrator creates it and grants it to the owner beforehand.
enum RowSecurity {
    /// The role an account's work runs under: it can log in to nothing and owns nothing.
    static let role = "georemind_api"
    /// The transaction-local setting that names the account.
    static let accountSetting = "georemind.account"

    /// The tables the migration puts behind the wall, named so that it stays what it was when a
    /// later migration adds a table (which then adds its own policies; a test holds the forced
    /// tables to the catalogue's tables with ``GeoReminders/StoreTable/accountRows``).
    static let tableNames = ["storeInfo", "account", "list", "listMember", "recurrenceSeries", "reminder", "alarm"]

    /// The terms each table's row function is written over. The functions run as the store's
    /// owner, whom a policy shows every row: a policy on `listMember` that read `listMember`
    /// under its own policy would recurse.
    static let functionTerms = AccountRows.Terms(
        account: "current_setting('\(accountSetting)', true)",
        memberLists: "SELECT listID FROM listMember WHERE account = current_setting('\(accountSetting)', true)",
        firstAccount: "SELECT name FROM account ORDER BY createdDate, name LIMIT 1")

    /// The function giving the values of `table`'s ``GeoReminders/AccountRows`` column the account
    /// may see.
    static func rowFunction(of table: StoreTable) -> String { "georemind_rows_\(table.name.lowercased())" }

    /// Puts the rest of the transaction under ``role`` for `account`: one round trip.
    static func entering(account: String) -> PostgresQuery {
        "SELECT set_config('role', \(role), true), set_config(\(accountSetting), \(account), true)"
    }

    /// `text` as an SQL string literal.
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    /// Back to the connection's own role for the rest of the transaction.
    static let leaving: PostgresQuery = "RESET ROLE"

    /// The migration that builds the wall: the role, the owner's membership of it, the lookup
    /// functions, and per table its policies and grants (nothing else is granted to the role).
    static var migration: [String] {
        var statements = [
            """
            DO $$ BEGIN
                IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(role)') THEN
                    BEGIN
                        CREATE ROLE \(role) NOLOGIN;
                    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
                    END;
                END IF;
                IF NOT pg_has_role(current_user, '\(role)', 'MEMBER') THEN
                    GRANT \(role) TO CURRENT_USER;
                END IF;
            EXCEPTION WHEN insufficient_privilege THEN
                RAISE EXCEPTION '%', format('the role %s may not create the role \(role) or join it: give it CREATEROLE, '
                    'or have an administrator run CREATE ROLE \(role) NOLOGIN; GRANT \(role) TO %s;',
                    current_user, quote_ident(current_user));
            END $$
            """
        ]
        for table in StoreCatalogue.tables(named: tableNames) { statements += wall(around: table) }
        return statements
    }

    /// The lookup function, policies and grants that put `table` behind the wall (nothing for a
    /// table without ``GeoReminders/StoreTable/accountRows``).
    static func wall(around table: StoreTable) -> [String] {
        var statements: [String] = []
        if let rows = table.accountRows {
            // PL/pgSQL keeps its plans for the session, where an SQL function's body is planned
            // at every call. The policy reads the array once per statement (a scalar subquery,
            // cast to the column's own type): called in the condition itself, it ran again at
            // every row a nested loop looked up, and an index answers `column = ANY (array)`.
            // No account named, no row.
            let body = """
                BEGIN
                    IF coalesce(current_setting('\(accountSetting)', true), '') = '' THEN RETURN '{}'; END IF;
                    RETURN ARRAY(\(rows.values(functionTerms)));
                END
                """
            let function = rowFunction(of: table)
            let condition = "\(rows.column) = ANY ((SELECT \(function)())::%1$s[])"
            statements += [
                """
                DO $$ DECLARE kind text; BEGIN
                    SELECT format_type(atttypid, atttypmod) INTO STRICT kind FROM pg_attribute
                    WHERE attrelid = '\(table.name.lowercased())'::regclass AND attname = '\(rows.column.lowercased())';
                    EXECUTE format('CREATE FUNCTION \(function)() RETURNS %1$s[] LANGUAGE plpgsql STABLE SECURITY DEFINER '
                        'SET search_path FROM CURRENT AS %2$L', kind, \(quoted(body)));
                    EXECUTE format('CREATE POLICY account_rows ON \(table.name) TO \(role) '
                        'USING (\(condition)) WITH CHECK (\(condition))', kind);
                END $$
                """,
                "ALTER TABLE \(table.name) ENABLE ROW LEVEL SECURITY",
                "ALTER TABLE \(table.name) FORCE ROW LEVEL SECURITY",
                "CREATE POLICY store_owner ON \(table.name) TO CURRENT_USER USING (true) WITH CHECK (true)",
                "GRANT SELECT, INSERT, UPDATE, DELETE ON \(table.name) TO \(role)",
            ]
            if let column = table.generatedKey {
                statements.append(
                    """
                    DO $$ BEGIN
                        EXECUTE format('GRANT USAGE, SELECT ON SEQUENCE %s TO \(role)',
                            pg_get_serial_sequence('\(table.name.lowercased())', '\(column.lowercased())'));
                    END $$
                    """)
            }
        }
        return statements
    }
}
