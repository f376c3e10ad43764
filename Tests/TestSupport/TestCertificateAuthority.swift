import Foundation

/// A throwaway certificate authority made with the `openssl` CLI at test time, and the server
/// certificates it signs: keys only ever live in the test's temporary directory, never in the
/// repository.
public struct TestCertificateAuthority {
    public let directory: URL
    public let name: String
    /// The CA's certificate (PEM): what a client is told to trust with `?ca=`.
    public let certificate: URL
    public let key: URL

    public init(named name: String, in directory: URL) async throws {
        self.directory = directory
        self.name = name
        certificate = directory.appendingPathComponent("\(name)-ca.pem")
        key = directory.appendingPathComponent("\(name)-ca.key")
        try await Self.openssl(
            in: directory,
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", key.path, "-out", certificate.path, "-days", "2", "-subj", "/CN=georemind test CA \(name)",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ])
    }

    /// A server certificate and its key, signed by this CA, for `subjectAltNames`
    /// (`IP:127.0.0.1,DNS:localhost`).
    public func issue(_ name: String, subjectAltNames: String) async throws -> (certificate: URL, key: URL) {
        let base = directory.appendingPathComponent("\(self.name)-\(name)")
        let (certificate, key) = (base.appendingPathExtension("pem"), base.appendingPathExtension("key"))
        let request = base.appendingPathExtension("csr")
        let extensions = base.appendingPathExtension("ext")
        try Data(
            """
            subjectAltName=\(subjectAltNames)
            basicConstraints=CA:FALSE
            keyUsage=critical,digitalSignature
            extendedKeyUsage=serverAuth

            """.utf8
        ).write(to: extensions)
        try await Self.openssl(
            in: directory,
            [
                "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", key.path, "-out", request.path, "-subj", "/CN=\(name)",
            ])
        try await Self.openssl(
            in: directory,
            [
                "x509", "-req", "-in", request.path, "-CA", self.certificate.path, "-CAkey", self.key.path,
                "-set_serial", "\(Int.random(in: 1...Int(Int32.max)))", "-days", "2", "-extfile", extensions.path,
                "-out", certificate.path,
            ])
        return (certificate, key)
    }

    public struct OpenSSLFailed: Error, CustomStringConvertible {
        public var arguments: [String]
        public var output: String
        public var description: String { "openssl \(arguments.joined(separator: " ")) failed: \(output)" }
    }

    /// Runs openssl on a thread of its own (waiting for a process must not hold one of the
    /// cooperative pool's few threads, which parallel timing-sensitive tests need), its output in
    /// a file, not a pipe: a pipe's write end leaks into any process spawned meanwhile by a
    /// parallel test (a long-lived mail server), and reading it would wait for that server's end.
    private static func openssl(in directory: URL, _ arguments: [String]) async throws {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async { done.resume(with: Result { try run(arguments, in: directory) }) }
        }
    }

    private static func run(_ arguments: [String], in directory: URL) throws {
        let log = directory.appendingPathComponent("openssl-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw OpenSSLFailed(arguments: arguments, output: "cannot create \(log.path)")
        }
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw OpenSSLFailed(arguments: arguments, output: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
        }
    }
}
