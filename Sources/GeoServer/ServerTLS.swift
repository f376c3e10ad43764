import Foundation
import NIOSSL

/// The certificate and key `serve` answers HTTPS with (`--tls-cert FILE --tls-key FILE`): phones
/// send a CalDAV password, and iOS any password at all, only over TLS. Read at start, so a file
/// that cannot be used is one error line before anything listens; plain HTTP stays for loopback
/// and reverse proxies.
package struct ServerTLS: Sendable {
    package let configuration: TLSConfiguration

    /// Reads a PEM certificate chain (the server's first) and its PEM private key.
    package init(certificateFile: String, keyFile: String) throws(ServerTLSError) {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificateFile)
        } catch {
            throw .unreadable(what: "certificate", path: certificateFile, reason: Self.reason(error, path: certificateFile))
        }
        guard !chain.isEmpty else {
            throw .unreadable(what: "certificate", path: certificateFile, reason: "no PEM certificate in it")
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: keyFile, format: .pem)
        } catch {
            throw .unreadable(what: "key", path: keyFile, reason: Self.reason(error, path: keyFile))
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        self.configuration = configuration
        do {
            // Builds the context once: a key that does not match the certificate fails here.
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw .mismatch(certificate: certificateFile, key: keyFile)
        }
    }

    /// Why a file could not be used, in words: NIOSSL reports a missing file and a file that is
    /// not PEM alike.
    static func reason(_ error: any Error, path: String) -> String {
        if !FileManager.default.fileExists(atPath: path) { return "no such file" }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        return "not a PEM file of that kind"
    }
}

/// Why `serve` could not use its TLS files.
package enum ServerTLSError: Error, CustomStringConvertible {
    case unreadable(what: String, path: String, reason: String)
    case mismatch(certificate: String, key: String)

    package var description: String {
        switch self {
        case let .unreadable(what, path, reason): "cannot use the TLS \(what) '\(path)': \(reason)"
        case let .mismatch(certificate, key): "the TLS key '\(key)' does not belong to the certificate '\(certificate)'"
        }
    }
}
