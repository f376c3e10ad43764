import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TestSupport
import Testing

/// `Fixtures/authorization-matrix.txt` walked against a real `georemind serve` (the in-process walk,
/// GeoServerTests' `AuthorizationMatrixTests`, also checks that every route has a row): the same
/// household, made with the command line, on the store engine the run is on (`make test` runs this
/// suite on both). Each cell runs on a reminder made for it, through the API, in Anna's Household.
@Suite(.serialized) struct ServeAuthorizationMatrixTests {
    @Test func everyRouteAnswersEveryCallerAsTheMatrixSaysOnARealServer() async throws {
        let sandbox = try CLISandbox(timeZone: "UTC")
        for name in ["anna", "ben", "carl", "dave"] { try sandbox.ok("account", "add", name) }
        try sandbox.ok("lists", "add", "Household", "--account", "anna")
        try sandbox.ok("lists", "share", "Household", "--with", "ben", "--role", "editor", "--account", "anna")
        try sandbox.ok("lists", "share", "Household", "--with", "carl", "--role", "viewer", "--account", "anna")
        func token(_ name: String, _ account: String, _ scope: String = "full") throws -> String {
            try sandbox.ok("token", "create", name, "--scope", scope, "--account", account).trimmingCharacters(in: .newlines)
        }
        let tokens: [String: String] = [
            "admin": try token("admin", "default"), "owner": try token("anna", "anna"), "editor": try token("ben", "ben"),
            "viewer": try token("carl", "carl"), "nonmember": try token("dave", "dave"),
            "ingest": try token("anna-phone", "anna", "ingest"),
        ]
        let hasLeaflet = FileManager.default.fileExists(atPath: "/usr/share/javascript/leaflet/leaflet.js")
        let server = try ServerProcess(sandbox)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        func send(_ method: String, _ uri: String, body: String?, token: String?) async throws -> (Int, String) {
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(server.port)\(uri)")
            request.method = HTTPMethod(rawValue: method)
            request.headers.add(name: "Content-Type", value: "application/json")
            if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
            if let body { request.body = .bytes(ByteBuffer(string: body)) }
            let response = try await client.execute(request, timeout: .seconds(20))
            let bytes = try await response.body.collect(upTo: 1 << 24)
            return (Int(response.status.code), String(buffer: bytes))
        }
        var mismatches: [String] = []
        do {
            var cell = 0
            for row in try AuthorizationMatrix.rows() {
                for role in AuthorizationMatrix.roles {
                    cell += 1
                    guard let expected = row.expected[role] ?? nil else { continue }
                    if row.path.hasPrefix("/leaflet"), !hasLeaflet { continue }
                    let (made, created) = try await send(
                        "POST", "/api/v1/reminders", body: #"{"title":"Milk \#(cell)","list":"Household"}"#, token: tokens["owner"])
                    #expect(made == 201, "\(created)")
                    let object = try JSONSerialization.jsonObject(with: Data(created.utf8)) as? [String: Any]
                    let reminder = try #require(object?["id"] as? String)
                    if let fixture = AuthorizationMatrix.fixture(for: row, cell: cell) {
                        let token = tokens[fixture.byAdmin ? "admin" : "owner"]
                        #expect(try await send("POST", fixture.path, body: fixture.body, token: token).0 == 201, "\(fixture.body)")
                    }
                    let (uri, body) = AuthorizationMatrix.request(row, reminder: reminder, cell: cell)
                    let (status, answer) = try await send(row.method, uri, body: body, token: tokens[role])
                    if status != expected {
                        mismatches.append("\(row.method) \(row.path) as \(role): \(status), not \(expected): \(answer.prefix(200))")
                    }
                }
            }
        } catch {
            try? await client.shutdown()
            _ = server.stop()
            throw error
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        try await client.shutdown()
        #expect(server.stop() == 0)
    }
}
