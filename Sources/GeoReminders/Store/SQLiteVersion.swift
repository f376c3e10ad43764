import GRDBSQLite

/// The SQLite library this process runs with (`3.40.1`), as `sqlite3_libversion` reports it.
public enum SQLiteVersion {
    public static var text: String { String(cString: sqlite3_libversion()) }
}
