/// A request the server refuses, with the status and, where an RFC names one, the precondition
/// element of the `DAV:error` body (RFC 4918 §16).
package enum DAVError: Error, Hashable, Sendable {
    case status(Int, String)
    case precondition(Int, DAVName, String)

    package var status: Int {
        switch self {
        case let .status(code, _), let .precondition(code, _, _): code
        }
    }

    package var message: String {
        switch self {
        case let .status(_, message), let .precondition(_, _, message): message
        }
    }
}
