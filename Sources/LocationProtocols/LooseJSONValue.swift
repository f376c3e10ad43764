import Foundation

/// A JSON value location apps send loosely typed (a number as a number or a string, a time as
/// either), decoded with `JSONDecoder`: far cheaper than `JSONSerialization`'s object tree, which
/// was most of an Overland batch's cost. Which type is tried first is the caller's expectation.
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

/// A value expected to be a number (coordinates, accuracy).
struct LooseNumber: Decodable {
    let loose: LooseJSONValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            loose = .number(number)
        } else if let text = try? container.decode(String.self) {
            loose = .text(text)
        } else {
            loose = .other
        }
    }
}

/// A value expected to be a string (ISO 8601 times, device ids).
struct LooseText: Decodable {
    let loose: LooseJSONValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            loose = .text(text)
        } else if let number = try? container.decode(Double.self) {
            loose = .number(number)
        } else {
            loose = .other
        }
    }
}
