import HTTPTypes
import Hummingbird

/// Routes under one path: Hummingbird's `RouterGroup`, with each route's whole path recorded in
/// the server's ``RouteTable`` (the 405 answer and the authorization matrix read it), so a front
/// adds `group("admin")` and its routes, and no route spells the prefixes above it.
struct RouteGroup {
    private let methods: any RouterMethods<ServerContext>
    /// The whole path of the group, `""` at the root.
    let path: String
    private let table: RouteTable

    /// The root of `router`, recording in `table`.
    init(_ router: Router<ServerContext>, recordingIn table: RouteTable) {
        self.init(methods: router, path: "", table: table)
    }

    private init(methods: any RouterMethods<ServerContext>, path: String, table: RouteTable) {
        self.methods = methods
        self.path = path
        self.table = table
    }

    /// The routes under `subpath` (`admin`, `reminders/:id`).
    func group(_ subpath: String) -> RouteGroup {
        RouteGroup(methods: methods.group(RouterPath(subpath)), path: Self.joined(path, subpath), table: table)
    }

    /// The routes under `subpath`, each behind `middleware` (after the server's own).
    func group(_ subpath: String, middleware: any MiddlewareProtocol<Request, Response, ServerContext>) -> RouteGroup {
        RouteGroup(
            methods: methods.group(RouterPath(subpath)).add(middleware: middleware), path: Self.joined(path, subpath), table: table)
    }

    /// Adds the route `subpath` of the group (`""`: the group's own path) and records it.
    func on(
        _ subpath: String, _ method: HTTPRequest.Method,
        use handler: @Sendable @escaping (Request, ServerContext) async throws -> Response
    ) {
        table.record(Self.joined(path, subpath), method)
        methods.on(RouterPath(subpath), method: method, use: handler)
    }

    private static func joined(_ path: String, _ subpath: String) -> String {
        let tail = subpath.drop { $0 == "/" }
        if tail.isEmpty { return path.isEmpty ? "/" : path }
        return path + "/" + tail
    }
}
