import Foundation

/// One cell of a store table as SQLite holds it: what a copy to another engine carries over.
public enum StoreValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

extension StoreValue {
    /// A REAL cell; an INTEGER one too, as SQLite reads a whole number stored in a REAL column.
    var real: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    var integer: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }

    var text: String? {
        if case .text(let value) = self { value } else { nil }
    }
}
