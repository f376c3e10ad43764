import CivilTime
import Foundation
import GRDBSQLite

/// The current row of a stepping statement, read by column index.
struct ColumnReader {
    let statement: OpaquePointer

    func isNull(_ index: Int32) -> Bool { sqlite3_column_type(statement, index) == SQLITE_NULL }

    func text(_ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, index) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// A blob's (or text's) bytes; empty for NULL.
    func bytes(_ index: Int32) -> [UInt8] {
        // The pointer first, then the size (SQLite's documented order: it may convert the value).
        guard let start = sqlite3_column_blob(statement, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(statement, index))))
    }

    func double(_ index: Int32) -> Double? { isNull(index) ? nil : sqlite3_column_double(statement, index) }

    /// A `CivilDateTime` from its storage text column, parsed in place.
    func civilDateTime(_ index: Int32) -> CivilDateTime? {
        guard let bytes = sqlite3_column_text(statement, index) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, index))
        return CivilDateTime(storageBytes: UnsafeBufferPointer(start: bytes, count: count))
    }

    func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(statement, index)) }

    /// The cell as it is stored, whatever its type: what a copy to another engine carries.
    func storeValue(_ index: Int32) -> StoreValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: return .text(text(index) ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }

    func bool(_ index: Int32) -> Bool { sqlite3_column_int64(statement, index) != 0 }
}
