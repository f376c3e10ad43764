import Foundation
import GeoReminders
import PostgresNIO

extension StoreValue {
    /// A PostgreSQL cell as SQLite holds it (booleans as 0 or 1, every integer as 64 bits, bytea
    /// as a blob), so rows read from PostgreSQL go through the readers the SQLite store has.
    init(_ cell: PostgresCell) throws {
        guard cell.bytes != nil else {
            self = .null
            return
        }
        switch cell.dataType {
        case .bool: self = .integer(try cell.decode(Bool.self) ? 1 : 0)
        case .int2, .int4, .int8: self = .integer(try cell.decode(Int64.self))
        case .float4, .float8: self = .real(try cell.decode(Double.self))
        case .bytea: self = .blob(Data(try cell.decode(ByteBuffer.self).readableBytesView))
        default: self = .text(try cell.decode(String.self))
        }
    }

    /// Every cell of `row`, in the order selected.
    static func cells(of row: PostgresRow) throws -> [StoreValue] {
        try row.map(StoreValue.init)
    }
}
