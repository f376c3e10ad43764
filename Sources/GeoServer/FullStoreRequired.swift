import Hummingbird

/// On a shared PostgreSQL store, the routes that need the whole store there (the REST API, the
/// event stream, the live page) answer 501 with one line rather than fail: only ingestion and
/// evaluation run on PostgreSQL so far (docs/scaling.md).
struct FullStoreRequired: RouterMiddleware {
    typealias Context = ServerContext

    /// The live page's paths, and the prefixes of the API's and the event stream's.
    static let paths: Set<String> = ["/", "/live.js", "/live.css", "/config.json", "/events"]
    static let prefixes = ["/api/", "/leaflet/"]

    static let message = "the REST API, /events and the live page are not available on a PostgreSQL store yet; use a SQLite store for them"

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws
        -> Response
    {
        let path = request.uri.path
        if Self.paths.contains(path) || Self.prefixes.contains(where: path.hasPrefix) {
            return GeoServer.json(.notImplemented, GeoServer.errorJSON(Self.message))
        }
        return try await next(request, context)
    }
}
