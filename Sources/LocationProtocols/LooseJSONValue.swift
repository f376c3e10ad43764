import Foundation

/// A JSON value location apps send loosely typed (a number as a number or a string, a time as
/// either), decoded with `JSONDecoder`: far cheaper than `JSONSerialization`'s object tree, which
/// was most of an Overland batch's cost. Which type is tried first is the caller's expectation.
enum LooseJSONValue: Equatable {
    case number(Double)
    case text(String)
    /// An array, object or boolean where a number or a string was expected.
    case other

    /// What `FieldValues` reads: a Double or a String, or a description of what came.
    var value: Any {
        switch self {
        case .number(let number): number
        case .text(let text): text
        case .other: "(not a number or a string)"
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
