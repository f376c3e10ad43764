import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import TestSupport
import Testing

/// `serve --tls-cert FILE --tls-key FILE`: CalDAV and the API over HTTPS with a certificate from a
/// private CA made at test time (iOS sends a CalDAV password only over TLS), and TLS files that
/// cannot be used refused in one error line before anything listens.
@Suite struct ServeTLSTests {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    static func client(trusting ca: URL?) -> HTTPClient {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let ca { tls.trustRoots = .file(ca.path) }
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: tls))
    }

    static func send(
        _ client: HTTPClient, _ url: String, _ method: String = "GET", _ body: String = "", headers: [String: String] = [:]
    ) async throws -> (status: Int, body: String) {
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if !body.isEmpty { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await client.execute(request, timeout: .seconds(20))
        return (Int(response.status.code), String(buffer: try await response.body.collect(upTo: 1 << 20)))
    }

    @Test func calDAVAndTheAPIAnswerOverHTTPS() async throws {
        let ca = try await TestCertificateAuthority(named: "serve", in: sandbox.folder)
        let (certificate, key) = try await ca.issue("serve", subjectAltNames: "IP:127.0.0.1,DNS:localhost")
        let token = try sandbox.ok("token", "create", "phone", "--scope", "full").trimmingCharacters(in: .newlines)
        _ = try sandbox.add("Buy milk", "--latitude", "52.52", "--longitude", "13.40", "--radius", "100")
        let server = try ServerProcess(sandbox, arguments: ["--tls-cert", certificate.path, "--tls-key", key.path])
        defer { _ = server.stop() }
        #expect(server.log.contains("listening on https://127.0.0.1:\(server.port)"))
        let base = "https://127.0.0.1:\(server.port)"

        let trusting = Self.client(trusting: ca.certificate)
        defer { _ = trusting.shutdown() }
        #expect(try await Self.send(trusting, "\(base)/healthz").status == 200)
        let propfind = try await Self.send(
            trusting, "\(base)/dav/", "PROPFIND", #"<propfind xmlns="DAV:"><prop><current-user-principal/></prop></propfind>"#,
            headers: ["Depth": "0", "Authorization": ServerProcess.basic("anna", token), "Content-Type": "application/xml"])
        #expect(propfind.status == 207 && propfind.body.contains("current-user-principal"))
        let listed = try await Self.send(trusting, "\(base)/api/v1/reminders", headers: ["Authorization": "Bearer \(token)"])
        #expect(listed.status == 200 && listed.body.contains("Buy milk"))

        // A client that does not trust the CA refuses the certificate; plain HTTP gets no answer.
        let stranger = Self.client(trusting: nil)
        defer { _ = stranger.shutdown() }
        await #expect(throws: (any Error).self) { _ = try await Self.send(stranger, "\(base)/healthz") }
        let plain = Self.client(trusting: nil)
        defer { _ = plain.shutdown() }
        await #expect(throws: (any Error).self) { _ = try await Self.send(plain, "http://127.0.0.1:\(server.port)/healthz") }
    }

    @Test func unusableTLSFilesAreOneErrorLineAndAnExit() async throws {
        let ca = try await TestCertificateAuthority(named: "files", in: sandbox.folder)
        let (certificate, key) = try await ca.issue("serve", subjectAltNames: "IP:127.0.0.1")
        let (_, otherKey) = try await ca.issue("other", subjectAltNames: "IP:127.0.0.1")
        let missing = sandbox.folder.appendingPathComponent("missing.pem").path
        let cases: [([String], String)] = [
            (["--tls-cert", missing, "--tls-key", key.path], "error: cannot use the TLS certificate '\(missing)': no such file\n"),
            (
                ["--tls-cert", certificate.path, "--tls-key", certificate.path],
                "error: cannot use the TLS key '\(certificate.path)': not a PEM file of that kind\n"
            ),
            (
                ["--tls-cert", certificate.path, "--tls-key", otherKey.path],
                "error: the TLS key '\(otherKey.path)' does not belong to the certificate '\(certificate.path)'\n"
            ),
        ]
        for (arguments, expected) in cases {
            let result = try sandbox.run(["serve", "--port", "0"] + arguments)
            #expect(result.status == 1 && result.stderr == expected, "\(arguments): \(result)")
        }
        let half = try sandbox.run(["serve", "--port", "0", "--tls-cert", certificate.path])
        #expect(half.status != 0 && half.stderr.contains("--tls-cert and --tls-key go together"))
        // Nothing of the failed starts holds the store.
        let server = try ServerProcess(sandbox)
        #expect(server.stop() == 0)
    }
}
