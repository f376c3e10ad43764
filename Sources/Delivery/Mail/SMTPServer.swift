import Foundation

/// The instance's outgoing mail server, from `serve --smtp URL`: `smtp://user:pass@host:587`
/// (STARTTLS; required unless the host is loopback), or `smtps://user:pass@host:465` (TLS from
/// the first byte, RFC 8314). `?from=ADDRESS` sets the sender (default: the user when it is an
/// address, else `georemind@HOST`). `?ca=FILE` names the PEM CA certificate(s) to trust instead
/// of the system's, for a server whose certificate comes from the user's own CA: it rides on the
/// URL so that every command taking `--smtp` takes it too. The password is kept for AUTH PLAIN
/// and never shown.
package struct SMTPServer: Sendable, CustomStringConvertible {
    package enum Security: Sendable, Equatable {
        case startTLS
        case implicitTLS
    }

    package var host: String
    package var port: Int
    package var security: Security
    package var user: String?
    var password: String?
    package var from: String
    /// The PEM file of the CA(s) the server's certificate must chain to; nil: the system's trust store.
    package var trustedCA: String?

    package init(parsing text: String) throws(SMTPError) {
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
        if let ca = components.queryItems?.first(where: { $0.name == "ca" }) {
            guard let path = ca.value, !path.isEmpty else {
                throw .badURL(reason: "?ca= needs the path of a PEM file: ?ca=/etc/ssl/my-ca.pem")
            }
            trustedCA = path
        }
    }

    /// Loopback: the only place a plain (no TLS) conversation is allowed.
    package var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(host) }

    /// The URL without its password: what logs and errors may show.
    package var description: String {
        "\(security == .implicitTLS ? "smtps" : "smtp")://\(user.map { "\($0)@" } ?? "")\(host):\(port)"
    }
}

/// Why mail could not be sent; the dispatcher retries all but a bad address.
package enum SMTPError: Error, Equatable, Sendable, CustomStringConvertible {
    case badURL(reason: String)
    case badCA(path: String, reason: String)
    case refused(code: Int, reply: String)
    case noTLS(server: String)
    case tls(server: String, reason: String)
    case connection(reason: String)

    package var description: String {
        switch self {
        case let .badURL(reason): reason
        case let .badCA(path, reason):
            "cannot trust the CA in \(path) (?ca= of the SMTP URL): \(reason); give a readable file of PEM certificates"
        case let .refused(code, reply): "the mail server answered \(code) \(reply)"
        case let .noTLS(server): "\(server) offers no STARTTLS: use smtps://, or a loopback server for tests"
        case let .tls(server, reason):
            "TLS with \(server) failed: \(reason); if the server's certificate comes from your own CA, "
                + "add ?ca=/path/to/ca.pem to the SMTP URL, and check that the certificate names the host"
        case let .connection(reason): "cannot talk to the mail server: \(reason)"
        }
    }
}
