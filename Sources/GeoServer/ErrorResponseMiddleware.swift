import HTTPTypes
import Hummingbird

/// Every failure the routes do not answer themselves becomes a one-line `{"error": "..."}` with
/// its status: an unknown path 404, a known path with another method 405 with `Allow`, a body too
/// large 413, an ``APIError`` as it says, anything unexpected 500 (logged).
struct ErrorResponseMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let routes: RouteTable

    func handle(
        _ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            if error.status == .notFound, let allowed = routes.allowed(for: request.uri.path), !allowed.contains(request.method) {
                var response = GeoServer.json(.methodNotAllowed, GeoServer.errorJSON("\(request.method) is not allowed here"))
                response.headers[.allow] = allowed.map(\.rawValue).sorted().joined(separator: ", ")
                return response
            }
            let message = error.body ?? (error.status == .notFound ? "not found" : error.status.reasonPhrase)
            var response = GeoServer.json(error.status, GeoServer.errorJSON(message))
            for field in error.headers where field.name != .contentType && field.name != .contentLength {
                response.headers.append(field)
            }
            return response
        } catch let error as APIError {
            return error.response
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            return GeoServer.json(.internalServerError, GeoServer.errorJSON("internal error"))
        }
    }
}
