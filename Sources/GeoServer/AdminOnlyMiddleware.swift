import Hummingbird
import NIOPosix

/// Refuses (403) a request to `/api/v1/admin/...` whose token's account is no admin, before the
/// route reads its body or the store: one check for the whole group, so an admin route added later
/// cannot go without it. No token, or one that may not even read, is left to the route, which
/// answers those as every route does (401; 403 naming the scope).
struct AdminOnlyMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let api: ReminderAPI

    func handle(
        _ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        guard let token = context.token, token.scope.allows(.read) else { return try await next(request, context) }
        do {
            try await NIOThreadPool.singleton.runIfActive { try api.requireAdmin(token) }
        } catch {
            return api.failure(error, context)
        }
        return try await next(request, context)
    }
}
