import CalDAV
import HTTPTypes
import Hummingbird
import NIOPosix

/// `/dav/` and `/.well-known/caldav` (RFC 6764 §5), and a PROPFIND of `/`: the CalDAV front. This only carries requests
/// to the CalDAV module and its answers back, after checking the token (HTTP Basic, the account's
/// name and an API token as password; the token's account is the principal, scope read gives
/// read-only privileges). docs/caldav.md.
struct CalDAVMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let service: CalDAVService

    func handle(
        _ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        // A PROPFIND of the server's root is a CalDAV client given only the host (DAVx5, Thunderbird).
        if path == "/.well-known/caldav" || path == "/.well-known/caldav/" || (path == "/" && request.method.rawValue == "PROPFIND") {
            return Response(status: .movedPermanently, headers: [.location: DAVPath.prefix, .contentLength: "0"])
        }
        guard path == "/dav" || path.hasPrefix(DAVPath.prefix) else { return try await next(request, context) }
        // Counted as one route (RequestMetricsMiddleware): the router never sees these paths.
        context.coreContext.endpointPath.value = "/dav"
        let privileges: DAVPrivileges
        switch context.token?.scope {
        case .full?: privileges = .readWrite
        case .read?: privileges = .read
        default:
            // OPTIONS tells what the server is without credentials; everything else needs them.
            guard request.method == .options else {
                return Response(
                    status: .unauthorized,
                    headers: [.wwwAuthenticate: #"Basic realm="georemind""#, .contentType: "text/plain; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(string: "a token is required as the Basic password\n")))
            }
            privileges = .read
        }
        let body = try await GeoServer.bytes(request)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let davRequest = DAVRequest(method: request.method.rawValue, path: path, headers: headers, body: body)
        // The principal is the token's account: the Basic user name is not trusted for identity.
        let service = self.service.acting(as: context.token?.account ?? self.service.account.principal)
        let answer = try await NIOThreadPool.singleton.runIfActive { [service] in
            service.respond(davRequest, privileges: privileges)
        }
        var response = Response(status: HTTPResponse.Status(code: answer.status))
        for (name, value) in answer.headers {
            if let field = HTTPField.Name(name) { response.headers[field] = value }
        }
        // A 207 must carry its length, never be chunked: iOS rejects a chunked multistatus.
        response.headers[.contentLength] = String(answer.body.count)
        if request.method != .head {
            response.body = .init(byteBuffer: ByteBuffer(bytes: answer.body))
        }
        return response
    }
}
