import Foundation
import GRDB
import GRDBSQLite

extension Statement {
    /// Binds parameters in order through `bind`, steps the statement to its end and resets it.
    ///
    /// The batch writer's hot path: GRDB's `execute(arguments:)` converts and validates its
    /// arguments on every call, and even an array of `DatabaseValue`s costs a box per column;
    /// both cost more than SQLite's insert itself in the store benchmark. Only for statements
    /// this module prepared; binding fewer values than the statement has parameters throws.
    func run(_ bind: (inout ParameterBinder) throws -> Void) throws {
        let statement = sqliteStatement
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        var binder = ParameterBinder(statement: statement)
        try bind(&binder)
        // Too many values already fail (SQLITE_RANGE); too few would silently store NULLs.
        let expected = sqlite3_bind_parameter_count(statement)
        guard binder.count == expected else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "bound \(binder.count) of the \(expected) parameters", sql: sql)
        }
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw error(code) }
    }

    fileprivate func error(_ code: Int32) -> DatabaseError {
        let connection = sqlite3_db_handle(sqliteStatement)
        return DatabaseError(
            resultCode: ResultCode(rawValue: code),
            message: connection.map { String(cString: sqlite3_errmsg($0)) }, sql: sql)
    }
}

/// Binds a prepared statement's parameters one after the other, from Swift values, with no
/// intermediate boxes. Nil binds NULL.
struct ParameterBinder {
    private let statement: OpaquePointer
    private var index: Int32 = 0
    /// How many values were bound so far.
    var count: Int32 { index }

    fileprivate init(statement: OpaquePointer) {
        self.statement = statement
    }

    mutating func bind(_ text: String?) throws {
        try next { statement, index in
            guard let text else { return sqlite3_bind_null(statement, index) }
            return sqlite3_bind_text(statement, index, text, -1, transientDestructor)
        }
    }

    mutating func bind(_ number: Double?) throws {
        try next { statement, index in
            guard let number else { return sqlite3_bind_null(statement, index) }
            return sqlite3_bind_double(statement, index, number)
        }
    }

    mutating func bind(_ date: Date?) throws {
        try bind(date?.timeIntervalSinceReferenceDate)
    }

    mutating func bind(_ number: Int64) throws {
        try next { statement, index in sqlite3_bind_int64(statement, index, number) }
    }

    mutating func bind(_ number: Int) throws {
        try bind(Int64(number))
    }

    mutating func bind(_ flag: Bool) throws {
        try bind(Int64(flag ? 1 : 0))
    }

    /// A cell copied from another engine, as SQLite holds it.
    mutating func bind(_ value: StoreValue) throws {
        try next { statement, index in
            switch value {
            case .null: sqlite3_bind_null(statement, index)
            case .integer(let number): sqlite3_bind_int64(statement, index, number)
            case .real(let number): sqlite3_bind_double(statement, index, number)
            case .text(let text): sqlite3_bind_text(statement, index, text, -1, transientDestructor)
            case .blob(let data):
                data.withUnsafeBytes { bytes in
                    sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), transientDestructor)
                }
            }
        }
    }

    private mutating func next(_ body: (OpaquePointer, Int32) -> Int32) throws {
        index += 1
        let code = body(statement, index)
        guard code == SQLITE_OK else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code),
                message: "cannot bind parameter \(index): \(String(cString: sqlite3_errstr(code)))")
        }
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
