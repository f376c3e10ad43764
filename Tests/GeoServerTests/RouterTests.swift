import Foundation
import GeoReminders
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LiveEvaluation
import Logging
import NIOCore
import Testing

@testable import GeoServer

/// The router against an in-memory store, through HummingbirdTesting's client.
struct RouterTests {
    /// A server on an in-memory store, with an ingest token and a read token.
    static func server() throws -> (app: some ApplicationProtocol, ingest: String, read: String) {
        let store = try ReminderStore.inMemory()
        let secret = try store.createToken(name: "phone", scope: .ingest)
        let reader = try store.createToken(name: "dashboard", scope: .read)
        let evaluator = try LiveEvaluator(store: store, options: .init(), logger: Logger(label: "test"))
        let server = GeoServer(
            backend: ServerBackend(store: store, evaluator: evaluator), credentials: try Credentials(store: store), metrics: ServerMetrics()
        )
        return (Application(router: server.router(), services: [evaluator]), secret, reader)
    }

    @Test func authenticationAndAnswersPerClient() async throws {
        let (app, secret, reader) = try Self.server()
        try await app.test(.router) { client in
            try await client.execute(uri: "/overland", method: .post, body: ByteBuffer(string: #"{"locations":[]}"#)) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
            }
            // A read token may not post fixes.
            try await client.execute(
                uri: "/overland", method: .post, headers: [.authorization: "Bearer \(reader)"],
                body: ByteBuffer(string: #"{"locations":[]}"#)
            ) { response in
                #expect(response.status == .unauthorized)
            }
            try await client.execute(
                uri: "/overland", method: .post, headers: [.authorization: "Bearer \(secret)"],
                body: ByteBuffer(string: #"{"locations":[]}"#)
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                #expect(String(buffer: response.body) == #"{"result":"ok"}"#)
            }
            try await client.execute(
                uri: "/overland", method: .post, headers: [.authorization: "Bearer \(secret)"],
                body: ByteBuffer(string: "[1,2")
            ) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body) == #"{"error":"the body is not the expected JSON: not JSON"}"#)
            }
            let basic = "Basic " + Data("ann:\(secret)".utf8).base64EncodedString()
            try await client.execute(
                uri: "/owntracks", method: .post, headers: [.authorization: basic],
                body: ByteBuffer(string: #"{"_type":"waypoints","waypoints":[]}"#)
            ) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "[]")
            }
            try await client.execute(uri: "/osmand?id=unknown&lat=1&lon=2&timestamp=1700000000", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    /// Every request is counted under the route it matched, with the status the client got.
    @Test func requestsAreCountedByTheRouteTheyMatched() async throws {
        let (app, secret, reader) = try Self.server()
        try await app.test(.router) { client in
            let bearer: HTTPFields = [.authorization: "Bearer \(secret)"]
            for _ in 0..<2 {
                try await client.execute(
                    uri: "/overland", method: .post, headers: bearer, body: ByteBuffer(string: #"{"locations":[]}"#)
                ) { _ in }
            }
            for id in ["a1b2", "c3d4"] {
                try await client.execute(
                    uri: "/api/v1/reminders/\(id)", method: .get, headers: [.authorization: "Bearer \(reader)"]
                ) { response in
                    #expect(response.status == .notFound)
                }
            }
            try await client.execute(uri: "/nowhere", method: .get) { response in #expect(response.status == .notFound) }
            try await client.execute(uri: "/dav/principals/", method: .options) { response in #expect(response.status == .ok) }
            try await client.execute(uri: "/metrics", method: .get) { response in
                let lines = String(buffer: response.body).split(separator: "\n").filter { $0.hasPrefix("georemind_requests_total") }
                #expect(
                    Set(lines) == [
                        #"georemind_requests_total{endpoint="overland",status="200"} 2"#,
                        #"georemind_requests_total{endpoint="api/v1/reminders/{id}",status="404"} 2"#,
                        #"georemind_requests_total{endpoint="unmatched",status="404"} 1"#,
                        #"georemind_requests_total{endpoint="dav",status="200"} 1"#,
                    ])
            }
        }
    }
}
