import Foundation
import NIOCore
import NIOSSL

/// The client side of the mail server's TLS (smtps:// and STARTTLS alike): what it trusts, the
/// name it checks, and how its failures read.
struct SMTPTLS: Sendable {
    let context: NIOSSLContext
    /// The name sent as SNI and checked against the certificate's DNS names; nil for an IP
    /// address, which SNI cannot carry: NIOSSL then checks the certificate's IP addresses against
    /// the connected peer instead, so the name is verified either way.
    let serverName: String?

    /// Full verification always (chain and name). `ca=` replaces the system trust store rather
    /// than adding to it, as curl's `--cacert` does: a private CA needs nothing installed
    /// system-wide, and a server of the user's own CA cannot be impersonated with a public one.
    init(for server: SMTPServer) throws(SMTPError) {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .fullVerification
        if let path = server.trustedCA {
            configuration.trustRoots = .certificates(try Self.certificates(in: path))
        }
        do {
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            throw .tls(server: server.description, reason: "cannot set up TLS (\(error))")
        }
        let bare = server.host.trimmingCharacters(in: ["[", "]"])
        serverName = (try? SocketAddress(ipAddress: bare, port: 0)) == nil ? server.host : nil
    }

    /// The PEM certificates of `path`, read now so that a wrong path fails at start-up, not at
    /// the first alert.
    private static func certificates(in path: String) throws(SMTPError) -> [NIOSSLCertificate] {
        let certificates: [NIOSSLCertificate]
        do {
            certificates = try NIOSSLCertificate.fromPEMFile(path)
        } catch {
            throw .badCA(path: path, reason: "\(error)")
        }
        guard !certificates.isEmpty else { throw .badCA(path: path, reason: "it holds no certificate") }
        return certificates
    }

    /// A handler that starts the handshake as soon as it is in an active pipeline.
    func handler() throws -> NIOSSLClientHandler {
        try NIOSSLClientHandler(context: context, serverHostname: serverName)
    }

    /// A failed conversation's error as the user can act on it: TLS failures (an untrusted
    /// chain, a certificate for another name) say so and point at `ca=`.
    static func explain(_ error: any Error, server: SMTPServer) -> SMTPError {
        switch error {
        case let error as SMTPError:
            return error
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            return .tls(server: server.description, reason: "the certificate does not name \(server.host) (\(error))")
        case is NIOSSLError, is NIOSSLExtraError, is BoringSSLError:
            let text = "\(error)"
            if text.contains("CERTIFICATE_VERIFY_FAILED") {
                let trusted = server.trustedCA.map { "the CA in \($0)" } ?? "the system's trust store"
                return .tls(server: server.description, reason: "the certificate is not signed by \(trusted) (\(text))")
            }
            return .tls(server: server.description, reason: text)
        default:
            return .connection(reason: "\(error)")
        }
    }
}
