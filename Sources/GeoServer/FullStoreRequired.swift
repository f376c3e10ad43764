import Hummingbird

/// On a shared PostgreSQL store, the live map's routes answer 501 with one line rather than fail:
/// an instance holds the positions of its own partitions' devices only, and a map of some devices
/// would mislead (docs/scaling.md). The REST API and the event stream work on both engines.
struct FullStoreRequired: RouterMiddleware {
    typealias Context = ServerContext

    /// The live page's paths, and the prefixes of its script's assets.
    static let paths: Set<String> = ["/", "/live.js", "/live.css", "/config.json", "/api/v1/live"]
    static let prefixes = ["/leaflet/"]

    static let message =
        "the live map is not available on a PostgreSQL store yet (each instance holds only its partitions' devices); the REST API and /events are"

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
