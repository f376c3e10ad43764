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
            let scheme = header.prefix { $0 != " " }.lowercased()
            if scheme == "bearer" {
                context.token = credentials.token(secret: Self.value(after: 7, in: header))
            } else if scheme == "basic",
                let data = Data(base64Encoded: Self.value(after: 6, in: header)),
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

    /// The credentials after the scheme, without the spaces around them (per request: no NSString).
    static func value(after schemeLength: Int, in header: String) -> String {
        let rest = header.utf8.dropFirst(schemeLength)
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let start = rest.firstIndex { !isSpace($0) } ?? rest.endIndex
        let end = rest[start...].lastIndex { !isSpace($0) }.map { rest.index(after: $0) } ?? start
        return String(Substring(header.utf8[start..<end]))
    }
}
