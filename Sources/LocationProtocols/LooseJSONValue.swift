import Foundation

/// A value location apps send loosely typed: a number as a number or a string, a time as either
/// (query and form fields are always text).
enum LooseJSONValue: Equatable {
    case number(Double)
    case text(String)
    /// An array, object or boolean where a number or a string was expected.
    case other

    /// A member of `JSONSerialization`'s tree (Traccar Client 9's body): nil when absent or null.
    init?(any value: Any?) {
        switch value {
        case nil, is NSNull: return nil
        case let text as String: self = .text(text)
        case let number as NSNumber: self = .number(number.doubleValue)
        default: self = .other
        }
    }
}
