import Foundation

/// One cell of a store table as SQLite holds it: what a copy to another engine carries over.
public enum StoreValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}
