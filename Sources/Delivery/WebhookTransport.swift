import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// What came back from one POST.
package enum TransportResult: Hashable, Sendable {
    case response(status: Int, retryAfter: String?)
    /// No response: refused connection, timeout, TLS or DNS failure.
    case failure(reason: String)
}

/// Sends one signed webhook request; the dispatcher's only way out to the network.
package protocol WebhookTransport: Sendable {
    func post(url: String, headers: [(String, String)], body: [UInt8], timeout: TimeInterval) async -> TransportResult
}

/// async-http-client with redirects refused: a delivery goes to the configured URL only, so a 3xx
/// comes back as a status (and is retried) rather than being followed to another host.
package final class HTTPWebhookTransport: WebhookTransport {
    let client: HTTPClient
    /// A response body is read up to this many bytes and dropped: receivers answer with a status.
    static let maxResponseBody = 64 * 1024

    package init() {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(5))
        // The client's default of 8 connections per host would cap the dispatcher's concurrency
        // per endpoint below its own limit.
        configuration.connectionPool = HTTPClient.Configuration.ConnectionPool(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    package func post(url: String, headers: [(String, String)], body: [UInt8], timeout: TimeInterval) async -> TransportResult {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers = HTTPHeaders(headers)
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
            _ = try? await response.body.collect(upTo: Self.maxResponseBody)
            return .response(status: Int(response.status.code), retryAfter: response.headers.first(name: "retry-after"))
        } catch {
            return .failure(reason: "\(error)")
        }
    }

    /// POSTs once and returns the status and the start of the body as text: what `channel test`
    /// shows of the far end's answer.
    package func exchange(url: String, headers: [(String, String)], body: [UInt8], timeout: TimeInterval) async throws -> (
        status: Int, body: String
    ) {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers = HTTPHeaders(headers)
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
        let answer = (try? await response.body.collect(upTo: Self.maxResponseBody)).map { String(buffer: $0) } ?? ""
        return (Int(response.status.code), answer)
    }

    /// Closes the client's connections; call once, after the last `post`.
    package func shutdown() async throws {
        try await client.shutdown()
    }
}
