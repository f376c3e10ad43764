import GRDB
import Testing

@testable import GeoReminders

/// The writer's raw binding path checks what GRDB's own `execute(arguments:)` would.
struct StatementRunTests {
    @Test func everyParameterMustBeBound() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (a TEXT, b REAL)")
            let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?, ?)")
            #expect(throws: DatabaseError.self) { try insert.run { try $0.bind("only one") } }
            #expect(throws: DatabaseError.self) {
                try insert.run { binder in
                    try binder.bind("a"); try binder.bind(1.0); try binder.bind("extra")
                }
            }
            try insert.run { binder in
                try binder.bind("a"); try binder.bind(2.5)
            }
            #expect(try Row.fetchAll(db, sql: "SELECT a, b FROM t") == [["a": "a", "b": 2.5]])
        }
    }
}
