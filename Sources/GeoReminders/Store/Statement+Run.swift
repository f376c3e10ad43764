import GRDB
import GRDBSQLite

extension Statement {
    /// Binds `values` by position, steps the statement to its end and resets it.
    ///
    /// The batch writer's hot path: GRDB's `execute(arguments:)` converts and validates its
    /// arguments on every call, which cost more than SQLite's insert itself in the store
    /// benchmark. Only for statements this module prepared, with as many values as parameters.
    func run(_ values: [DatabaseValue]) throws {
        let statement = sqliteStatement
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value.storage {
            case .null: code = sqlite3_bind_null(statement, index)
            case let .int64(int): code = sqlite3_bind_int64(statement, index, int)
            case let .double(double): code = sqlite3_bind_double(statement, index, double)
            case let .string(string): code = sqlite3_bind_text(statement, index, string, -1, transientDestructor)
            case let .blob(data):
                code = data.withUnsafeBytes {
                    sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transientDestructor)
                }
            }
            guard code == SQLITE_OK else { throw error(code) }
        }
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw error(code) }
    }

    private func error(_ code: Int32) -> DatabaseError {
        let connection = sqlite3_db_handle(sqliteStatement)
        return DatabaseError(resultCode: ResultCode(rawValue: code),
                             message: connection.map { String(cString: sqlite3_errmsg($0)) }, sql: sql)
    }
}

/// SQLite's SQLITE_TRANSIENT: the C macro is not imported into Swift.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension Statement {
    /// Steps through the rows of this statement with `arguments`, handing each to `body` as a
    /// `ColumnReader`, then resets it. The listing's hot path, as `run(_:)` is the writer's.
    func forEachRow(arguments: StatementArguments, _ body: (ColumnReader) throws -> Void) throws {
        try setArguments(arguments)
        let statement = sqliteStatement
        defer { sqlite3_reset(statement) }
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw error(code) }
            try body(ColumnReader(statement: statement))
        }
    }
}
