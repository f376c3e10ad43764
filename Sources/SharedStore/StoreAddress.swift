/// Where `--store` points: a SQLite file, or a PostgreSQL database.
package enum StoreAddress: Sendable, Equatable {
    case file(path: String)
    case postgres(PostgresAddress)

    /// A `postgres://` or `postgresql://` URL names a database (and must be a valid one); anything
    /// else is a file path.
    package init(parsing text: String) throws(SharedStoreError) {
        self = PostgresAddress.isPostgres(text) ? .postgres(try PostgresAddress(parsing: text)) : .file(path: text)
    }
}
