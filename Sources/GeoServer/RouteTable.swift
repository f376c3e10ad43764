import HTTPTypes
import Hummingbird
import Synchronization

/// The methods each path of the server takes, recorded as routes are added, so that another
/// method on a known path is answered 405 with `Allow` (RFC 9110 §15.5.6) rather than 404.
final class RouteTable: Sendable {
    private let methods = Mutex<[[String]: Set<HTTPRequest.Method>]>([:])

    func record(_ path: String, _ method: HTTPRequest.Method) {
        methods.withLock { _ = $0[Self.segments(path), default: []].insert(method) }
    }

    /// The methods a concrete path takes, matching `:name` segments to anything; nil for an unknown path.
    func allowed(for path: String) -> Set<HTTPRequest.Method>? {
        let concrete = Self.segments(path)
        return methods.withLock { table in
            table.first { pattern, _ in
                pattern.count == concrete.count && zip(pattern, concrete).allSatisfy { $0.hasPrefix(":") || $0 == $1 }
            }?.value
        }
    }

    static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }
}

extension RouteTable {
    /// Every route as registered (`/api/v1/reminders/:id`) with its method, sorted: what the
    /// authorization matrix must classify.
    var routes: [(path: String, method: String)] {
        methods.withLock { table in
            table.flatMap { segments, methods in methods.map { ("/" + segments.joined(separator: "/"), $0.rawValue) } }
        }.sorted { ($0.path, $0.method) < ($1.path, $1.method) }
    }
}
