import Foundation
import Testing

/// The live page of `serve`: its HTML and script, Leaflet from Debian's package when installed,
/// and each device's position, accuracy and the places it is inside, on either engine (on
/// PostgreSQL the partition's owner writes the device's row a moment after the acknowledgement).
@Suite(.serialized) struct ServeLivePageTests {
    @Test func theLivePageAndItsData() async throws {
        let sandbox = try CLISandbox()
        let read = try sandbox.ok("token", "create", "viewer", "--scope", "read").trimmingCharacters(in: .newlines)
        let ingest = try sandbox.ok("token", "create", "phones", "--scope", "ingest").trimmingCharacters(in: .newlines)
        let id = try sandbox.add("At 70", "--latitude", "70", "--longitude", "20", "--radius", "100")
        let server = try ServerProcess(sandbox)
        let page = try await server.send("GET", "/")
        #expect(page.status == 200 && page.contentType == "text/html; charset=utf-8" && page.body.contains("/leaflet/leaflet.js"))
        #expect(try await server.send("GET", "/live.js").body.contains("EventSource"))
        if FileManager.default.fileExists(atPath: "/usr/share/javascript/leaflet/leaflet.js") {
            #expect(try await server.send("GET", "/leaflet/leaflet.js").status == 200)
        }
        #expect(try await server.send("GET", "/leaflet/secret.txt").status == 404)
        for (t, lon) in [(1_700_000_000, 20.01), (1_700_000_060, 20.0)] {
            let reply = try await server.send(
                "GET", "/gpslogger?device=moto&lat=70&lon=\(lon)&timestamp=\(t)&acc=8", headers: ["Authorization": "Bearer \(ingest)"])
            #expect(reply.status == 200)
        }
        #expect(try await server.send("GET", "/api/v1/live").status == 401)
        var live = try await server.send("GET", "/api/v1/live?access_token=\(read)")
        let deadline = Date().addingTimeInterval(10)
        while !live.body.contains(#""inside":["\#(id)"]"#) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            live = try await server.send("GET", "/api/v1/live?access_token=\(read)")
        }
        #expect(live.status == 200, "\(live.body)")
        #expect(
            live.body.contains(#""id":"moto""#) && live.body.contains(#""inside":["\#(id)"]"#) && live.body.contains(#""accuracy":8"#),
            "\(live.body)")
        #expect(server.stop() == 0)
    }
}
