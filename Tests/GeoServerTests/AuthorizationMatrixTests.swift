import Foundation
import GeoReminders
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LiveEvaluation
import Logging
import NIOCore
import TestSupport
import Testing

@testable import GeoServer

/// Walks `Fixtures/authorization-matrix.txt` (TestSupport's `AuthorizationMatrix`) against the
/// router: every route and method × every kind of caller → the status it must answer
/// (docs/people.md). Fails for a route the file does not classify, and for a row naming no route. Each cell runs on a reminder made for it, in a list
/// Anna owns and shares with Ben (editor) and Carl (viewer); Dave is a member of nothing, `default`
/// an admin of nothing.
struct AuthorizationMatrixTests {
    @Test func everyRouteAnswersEveryCallerAsTheMatrixSays() async throws {
        let store = try ReminderStore.inMemory()
        try store.addAccount(name: "anna")
        for name in ["ben", "carl", "dave"] { try store.addAccount(name: name) }
        let household = try store.save(ReminderList(title: "Household"), owner: "anna")
        try store.share(listID: household.id, with: "ben", role: .editor, by: "anna")
        try store.share(listID: household.id, with: "carl", role: .viewer, by: "anna")
        let tokens: [String: String] = [
            "admin": try store.createToken(name: "admin", scope: .full, account: "default"),
            "owner": try store.createToken(name: "anna", scope: .full, account: "anna"),
            "editor": try store.createToken(name: "ben", scope: .full, account: "ben"),
            "viewer": try store.createToken(name: "carl", scope: .full, account: "carl"),
            "nonmember": try store.createToken(name: "dave", scope: .full, account: "dave"),
            "ingest": try store.createToken(name: "anna-phone", scope: .ingest, account: "anna"),
        ]
        let leaflet = FileManager.default.temporaryDirectory.appendingPathComponent("leaflet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: leaflet.appendingPathComponent("images"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: leaflet) }
        try Data("//".utf8).write(to: leaflet.appendingPathComponent("leaflet.js"))
        try Data([0x89]).write(to: leaflet.appendingPathComponent("images/layers.png"))

        let evaluator = try LiveEvaluator(store: store, options: .init(), logger: Logger(label: "test"))
        var server = GeoServer(
            backend: ServerBackend(store: store, evaluator: evaluator), credentials: try Credentials(store: store), metrics: ServerMetrics()
        )
        server.leafletDirectory = leaflet.path
        let routes = RouteTable()
        let app = Application(router: server.router(recordingIn: routes), services: [evaluator])
        let rows = try AuthorizationMatrix.rows()
        let registered = routes.routes
        for route in registered {
            #expect(rows.contains { $0.method == route.method && $0.path == route.path }, "\(route.method) \(route.path) has no row")
        }
        for row in rows {
            #expect(registered.contains { $0.method == row.method && $0.path == row.path }, "\(row.method) \(row.path) is no route")
        }
        try await app.test(.router) { client in
            var cell = 0
            var actual: [String] = []
            for row in rows {
                var line = "\(row.method) \(row.path)"
                for role in AuthorizationMatrix.roles {
                    cell += 1
                    guard let expected = row.expected[role] ?? nil else {
                        line += " stream"
                        continue
                    }
                    let reminder = try store.save(Reminder(listID: household.id, title: "Milk \(cell)")).id
                    if let fixture = AuthorizationMatrix.fixture(for: row, cell: cell) {
                        // Anna's channel, token or device: only she (a channel) or an admin (the
                        // others) may remove it; anyone else finds none or is refused.
                        let made = try await client.execute(
                            uri: fixture.path, method: .post,
                            headers: [
                                .contentType: "application/json", .authorization: "Bearer \(tokens[fixture.byAdmin ? "admin" : "owner"]!)",
                            ],
                            body: ByteBuffer(string: fixture.body)
                        ) { $0.status.code }
                        #expect(made == 201, "\(fixture.path) \(fixture.body)")
                    }
                    let (uri, body) = AuthorizationMatrix.request(row, reminder: reminder, cell: cell)
                    var headers: HTTPFields = [.contentType: "application/json"]
                    if let token = tokens[role] { headers[.authorization] = "Bearer \(token)" }
                    let status = try await client.execute(
                        uri: uri, method: HTTPRequest.Method(row.method)!, headers: headers,
                        body: body.map { ByteBuffer(string: $0) }
                    ) { $0.status.code }
                    line += " \(status)"
                    #expect(status == expected, "\(row.method) \(row.path) as \(role)")
                }
                actual.append(line)
            }
            if ProcessInfo.processInfo.environment["PRINT_MATRIX"] != nil { print(actual.joined(separator: "\n")) }
        }
    }
}
