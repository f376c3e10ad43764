/// Why a request's body or query could not be read as locations. `reason` is the metrics label.
package enum LocationProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    case malformedJSON(detail: String)
    case missingField(name: String)
    case badValue(field: String, value: String)
    case noDevice

    package var reason: String {
        switch self {
        case .malformedJSON: "malformed-json"
        case .missingField: "missing-field"
        case .badValue: "bad-value"
        case .noDevice: "no-device"
        }
    }

    package var description: String {
        switch self {
        case let .malformedJSON(detail): "the body is not the expected JSON: \(detail)"
        case let .missingField(name): "missing field '\(name)'"
        case let .badValue(field, value): "field '\(field)': '\(value)' is out of range or unreadable"
        case .noDevice: "no device named in the request"
        }
    }
}
