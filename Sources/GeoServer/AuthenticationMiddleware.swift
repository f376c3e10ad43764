import Foundation
import HTTPTypes
import Hummingbird

/// Reads `Authorization: Bearer TOKEN` or `Basic` (the password is the token, as OwnTracks and
/// GPSLogger send it) and puts the checked token in the context. A missing or unknown token is
/// left for the route to refuse: the OsmAnd route needs none.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let credentials: Credentials

    func handle(
        _ request: Request, context: ServerContext,
        next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        if let header = request.headers[.authorization] {
            if header.lowercased().hasPrefix("bearer ") {
                context.token = credentials.token(secret: String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces))
            } else if header.lowercased().hasPrefix("basic "),
                let data = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
                let pair = String(data: data, encoding: .utf8),
                let colon = pair.firstIndex(of: ":")
            {
                context.basicUser = String(pair[..<colon])
                context.token = credentials.token(secret: String(pair[pair.index(after: colon)...]))
            }
        }
        // A browser's EventSource cannot send headers: the live page passes its token in the query.
        if context.token == nil, request.method == .get, let token = request.uri.queryParameters.get("access_token") {
            context.token = credentials.token(secret: token)
        }
        return try await next(request, context)
    }
}
