import Foundation

/// The instance's outgoing mail server, from `serve --smtp URL`: `smtp://user:pass@host:587`
/// (STARTTLS; required unless the host is loopback), or `smtps://user:pass@host:465` (TLS from
/// the first byte, RFC 8314). `?from=ADDRESS` sets the sender (default: the user when it is an
/// address, else `georemind@HOST`). The password is kept for AUTH PLAIN and never shown.
public struct SMTPServer: Sendable, CustomStringConvertible {
    public enum Security: Sendable, Equatable {
        case startTLS
        case implicitTLS
    }

    public var host: String
    public var port: Int
    public var security: Security
    public var user: String?
    var password: String?
    public var from: String

    public init(parsing text: String) throws(SMTPError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "smtp" || scheme == "smtps", let host = components.host, !host.isEmpty
        else { throw .badURL(reason: "give smtp://USER:PASSWORD@HOST:587 or smtps://USER:PASSWORD@HOST:465") }
        self.host = host
        security = scheme == "smtps" ? .implicitTLS : .startTLS
        port = components.port ?? (scheme == "smtps" ? 465 : 587)
        user = components.user?.removingPercentEncoding
        password = components.password?.removingPercentEncoding
        let given = components.queryItems?.first { $0.name == "from" }?.value
        from = given ?? (user?.contains("@") == true ? user! : "georemind@\(host)")
    }

    /// Loopback: the only place a plain (no TLS) conversation is allowed.
    public var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(host) }

    /// The URL without its password: what logs and errors may show.
    public var description: String {
        "\(security == .implicitTLS ? "smtps" : "smtp")://\(user.map { "\($0)@" } ?? "")\(host):\(port)"
    }
}

/// Why mail could not be sent; the dispatcher retries all but a bad address.
public enum SMTPError: Error, Equatable, Sendable, CustomStringConvertible {
    case badURL(reason: String)
    case refused(code: Int, reply: String)
    case noTLS(server: String)
    case connection(reason: String)

    public var description: String {
        switch self {
        case let .badURL(reason): reason
        case let .refused(code, reply): "the mail server answered \(code) \(reply)"
        case let .noTLS(server): "\(server) offers no STARTTLS: use smtps://, or a loopback server for tests"
        case let .connection(reason): "cannot talk to the mail server: \(reason)"
        }
    }
}
