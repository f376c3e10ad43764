import Foundation
import TraceFormats

/// Reading the JSON bodies apps post straight from their bytes with the trace readers' scanner:
/// only the members georemind uses are looked at, nothing else is built. `JSONDecoder` was 38 %
/// of the server's time under Overland batches, `JSONSerialization` 41 % before it.
enum JSONBody {
    /// The members of an object, the last of each key winning (as `JSONSerialization` did);
    /// nil when the bytes are not one object.
    static func members(_ bytes: UnsafeBufferPointer<UInt8>) -> [JSONMember]? {
        var members: [JSONMember] = []
        var scanner = JSONScanner(bytes)
        let ok = scanner.forEachMember { key, kind, value in members.append(JSONMember(key: key, kind: kind, value: value)) }
        return ok ? members : nil
    }

    /// The elements of an array; nil when the bytes are not one array.
    static func elements(_ bytes: UnsafeBufferPointer<UInt8>) -> [JSONMember]? {
        var elements: [JSONMember] = []
        var scanner = JSONScanner(bytes)
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        let ok = scanner.forEachElement { kind, value in elements.append(JSONMember(key: empty, kind: kind, value: value)) }
        return ok ? elements : nil
    }

    /// A member's object: nil when it is something else (a number, a string, an array), a
    /// `malformedJSON` error when it is not JSON.
    static func object(_ member: JSONMember) throws(LocationProtocolError) -> [JSONMember]? {
        guard member.kind == .nested, member.value.first == UInt8(ascii: "{") else { return nil }
        guard let members = members(member.value) else { throw .malformedJSON(detail: "not JSON") }
        return members
    }

    /// A member's array, as ``object(_:)`` reads an object.
    static func array(_ member: JSONMember) throws(LocationProtocolError) -> [JSONMember]? {
        guard member.kind == .nested, member.value.first == UInt8(ascii: "[") else { return nil }
        guard let elements = elements(member.value) else { throw .malformedJSON(detail: "not JSON") }
        return elements
    }

    /// Why a body that does not open with `{` is refused: valid JSON of another kind ("not a JSON
    /// object") or no JSON at all. The rare path, so Foundation's parser decides it.
    static func refusal(_ bytes: UnsafeBufferPointer<UInt8>) -> LocationProtocolError {
        let valid = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
        return .malformedJSON(detail: valid ? "not a JSON object" : "not JSON")
    }

    /// The first non-space byte: `{` for an object.
    static func opens(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
    }
}

/// One member of an object (or element of an array) as bytes: key, kind and value.
struct JSONMember {
    let key: UnsafeBufferPointer<UInt8>
    let kind: JSONScanner.ValueKind
    let value: UnsafeBufferPointer<UInt8>

    func has(key name: StaticString) -> Bool {
        key.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// The value as a loosely typed number or text; nil for `null`.
    var loose: LooseJSONValue? {
        switch kind {
        case .number:
            guard let number = DecimalNumber.parse(value) else { return .other }
            return .number(number)
        case .string: return .text(String(decoding: value, as: UTF8.self))
        case .escapedString: return JSONString.decode(value).map(LooseJSONValue.text) ?? .other
        case .literal: return value.count == 4 && value[0] == UInt8(ascii: "n") ? nil : .other
        case .nested: return .other
        }
    }
}

/// The members of an object looked up by key: the few an app's body has, so a scan beats hashing.
extension Array where Element == JSONMember {
    func last(_ name: StaticString) -> JSONMember? {
        last { $0.has(key: name) }
    }
}
