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

/// The admin routes' one check (``AdminOnlyMiddleware``) runs before a route reads its body: a
/// person's token is refused even with a body the route would refuse as too large, and nothing
/// changes; an admin's gets the route's own answer; no token and a token that may not write
/// keep the answers every route gives them.
struct AdminOnlyMiddlewareTests {
    @Test func aPersonIsRefusedBeforeTheBodyIsRead() async throws {
        let store = try ReminderStore.inMemory()
        try store.addAccount(name: "anna")
        let anna = try store.createToken(name: "anna", scope: .full, account: "anna")
        let admin = try store.createToken(name: "admin", scope: .full, account: "default")
        let adminReading = try store.createToken(name: "admin-read", scope: .read, account: "default")
        let evaluator = try LiveEvaluator(store: store, options: .init(), logger: Logger(label: "test"))
        let server = GeoServer(
            backend: ServerBackend(store: store, evaluator: evaluator), credentials: try Credentials(store: store), metrics: ServerMetrics()
        )
        let app = Application(router: server.router(recordingIn: RouteTable()), services: [evaluator])
        let huge = ByteBuffer(string: "{\"name\": \"" + String(repeating: "x", count: ReminderAPI.maxBody + 1) + "\"}")
        let small = ByteBuffer(string: #"{"name": "ben"}"#)
        try await app.test(.router) { client in
            func post(_ token: String?, _ body: ByteBuffer) async throws -> (Int, String) {
                var headers: HTTPFields = [.contentType: "application/json"]
                if let token { headers[.authorization] = "Bearer \(token)" }
                return try await client.execute(uri: "/api/v1/admin/accounts", method: .post, headers: headers, body: body) {
                    ($0.status.code, String(buffer: $0.body))
                }
            }
            let person = try await post(anna, huge)
            #expect(person.0 == 403)
            #expect(person.1.contains("only an admin account's token may do this"))
            #expect(try await post(admin, huge).0 == 413)
            let reading = try await post(adminReading, small)
            #expect(reading.0 == 403)
            #expect(!reading.1.contains("only an admin"))
            #expect(try await post(nil, small).0 == 401)
        }
        #expect(try store.accounts().map(\.name) == ["default", "anna"])
    }
}
