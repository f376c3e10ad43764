import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A running `georemind serve` on a free loopback port, for end-to-end tests.
// @unchecked: every stored property is a let set in init; Process is used only to signal and wait.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    let errorFile: URL

    init(_ sandbox: CLISandbox, arguments: [String] = []) throws {
        process.executableURL = CLISandbox.executable
        process.arguments = ["serve", "--port", "0", "--log-level", "debug"] + arguments
        process.environment = sandbox.environment
        errorFile = sandbox.folder.appendingPathComponent("serve-\(UUID().uuidString).log")
        try Data().write(to: errorFile)
        let handle = try FileHandle(forWritingTo: errorFile)
        process.standardError = handle
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        try handle.close()
        // The server prints the port it bound once it listens.
        let deadline = Date().addingTimeInterval(20)
        var found: Int?
        while found == nil, Date() < deadline, process.isRunning {
            let text = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            // http:// or, with --tls-cert, https://
            if let range = text.range(of: #"listening on https?://127\.0\.0\.1:"#, options: .regularExpression) {
                found = Int(text[range.upperBound...].prefix { $0.isNumber })
            } else {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        guard let found else {
            process.terminate()
            throw ServeTestError.didNotStart(log: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
        }
        port = found
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    var log: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    /// Sends SIGTERM and waits for the exit status.
    /// -1 when it did not exit within 10 s (then it is killed, so that no test hangs).
    func stop() -> Int32 {
        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else {
            kill9()
            return -1
        }
        return process.terminationStatus
    }

    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    struct Reply {
        var status: Int
        var body: String
        var contentType: String?
        var retryAfter: String? = nil
    }

    func send(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]) async throws -> Reply {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body { request.httpBody = Data(body.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        return Reply(
            status: http.statusCode, body: String(decoding: data, as: UTF8.self),
            contentType: http.value(forHTTPHeaderField: "Content-Type"), retryAfter: http.value(forHTTPHeaderField: "Retry-After"))
    }

    static func basic(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}

enum ServeTestError: Error {
    case didNotStart(log: String)
}

/// Waits until `check` holds, asking every `interval`; false once `seconds` have passed without.
func eventually(
    _ seconds: Double, every interval: Duration = .milliseconds(100), _ check: () async throws -> Bool
) async throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try await check() { return true }
        try await Task.sleep(for: interval)
    }
    return false
}
