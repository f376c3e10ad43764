import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

/// `/api/v1` and `/events` of the running server, end to end: the same JSON as the command line,
/// scopes, errors with their statuses, writes the evaluator sees, and an event stream that resumes
/// without gaps or repeats.
@Suite(.serialized) struct ServeAPITests {
    let sandbox: CLISandbox
    let full: String
    let read: String
    let ingest: String

    init() throws {
        sandbox = try CLISandbox()
        full = try sandbox.ok("token", "create", "admin", "--scope", "full").trimmingCharacters(in: .newlines)
        read = try sandbox.ok("token", "create", "viewer", "--scope", "read").trimmingCharacters(in: .newlines)
        ingest = try sandbox.ok("token", "create", "phones", "--scope", "ingest").trimmingCharacters(in: .newlines)
    }

    /// The top-level `id` of a reminder's JSON.
    static func id(_ json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["id"] as? String)
    }

    func auth(_ token: String) -> [String: String] { ["Authorization": "Bearer \(token)", "Content-Type": "application/json"] }

    @Test func remindersThroughTheAPIMatchTheCommandLine() async throws {
        _ = try sandbox.add("Call mum", "--priority", "low", "--due", "2026-12-01")
        let server = try ServerProcess(sandbox)
        let created = try await server.send(
            "POST", "/api/v1/reminders",
            body: #"{"title":"Buy milk","at":"Grocery Store","radius":"0.1mi","when":"leaving","priority":"high","notes":"2 l"}"#,
            headers: auth(full))
        #expect(created.status == 201, "\(created.body)")
        let id = try Self.id(created.body)
        // One JSON shape everywhere: the API's reminder is `show --json`'s, its listing `list --json`'s.
        #expect(created.body + "\n" == (try sandbox.ok("show", id, "--json")))
        #expect(created.body.contains(#""radius":160.934"#) && created.body.contains(#""proximity":"leave""#))
        let listed = try await server.send("GET", "/api/v1/reminders?sort=priority&min-priority=low", headers: auth(read))
        #expect(listed.status == 200)
        #expect(listed.body + "\n" == (try sandbox.ok("list", "--sort", "priority", "--min-priority", "low", "--json")))
        #expect(listed.body.range(of: "Buy milk")!.lowerBound < listed.body.range(of: "Call mum")!.lowerBound)
        let high = try await server.send("GET", "/api/v1/reminders?priority=high&location", headers: auth(read))
        #expect(high.body.contains("Buy milk") && !high.body.contains("Call mum"))
        // PATCH changes only what it names.
        let patched = try await server.send("PATCH", "/api/v1/reminders/\(id)", body: #"{"priority":5,"radius":250}"#, headers: auth(full))
        #expect(patched.status == 200 && patched.body.contains(#""priority":5"#) && patched.body.contains(#""radius":250"#))
        #expect(patched.body.contains(#""notes":"2 l""#) && patched.body.contains(#""proximity":"leave""#))
        let shown = try await server.send("GET", "/api/v1/reminders/\(id)", headers: auth(read))
        #expect(shown.status == 200 && shown.body == patched.body)
        // An outline is a GeoJSON object in the body, as an --area file is on the command line.
        let area = try await server.send(
            "POST", "/api/v1/reminders",
            body:
                #"{"title":"Campus","area":{"type":"Polygon","coordinates":[[[13.0,52.0],[13.01,52.0],[13.01,52.01],[13.0,52.01],[13.0,52.0]]]}}"#,
            headers: auth(full))
        #expect(area.status == 201 && area.body.contains(#""area":{"coordinates":[[[13,52],[13.01,52]"#), "\(area.body)")
        #expect(area.body.contains(#""latitude":52.005,"longitude":13.005"#))
        #expect(try await server.send("DELETE", "/api/v1/reminders/\(id)", headers: auth(full)).status == 204)
        #expect(try await server.send("GET", "/api/v1/reminders/\(id)", headers: auth(read)).status == 404)
        #expect(server.stop() == 0)
    }

    @Test func scopesAndErrorsAnswerWithTheirStatus() async throws {
        let server = try ServerProcess(sandbox)
        let body = #"{"title":"x"}"#
        #expect(try await server.send("GET", "/api/v1/reminders").status == 401)
        #expect(try await server.send("GET", "/api/v1/reminders", headers: auth("nope")).status == 401)
        #expect(try await server.send("GET", "/api/v1/reminders", headers: auth(ingest)).status == 403)
        let forbidden = try await server.send("POST", "/api/v1/reminders", body: body, headers: auth(read))
        #expect(
            forbidden.status == 403 && forbidden.body == #"{"error":"this token's scope does not allow this; it needs a 'full' token"}"#)
        let cases: [(String, String, String?, Int, String)] = [
            ("POST", "/api/v1/reminders", "{", 400, #"{"error":"the body is not JSON"}"#),
            ("POST", "/api/v1/reminders", #"{"notes":"no title"}"#, 422, #"{"error":"title is required"}"#),
            (
                "POST", "/api/v1/reminders", #"{"title":"x","colour":"red"}"#, 422,
                #"{"error":"colour: is not a field of a reminder (title, list, priority, notes, due, time-zone, at, area, latitude, longitude, radius, when, alarm, alarm-before, repeat, repeat-from-completion, url, tags, parent, assign, for)"}"#
            ),
            ("POST", "/api/v1/reminders", #"{"title":"x","latitude":10}"#, 422, #"{"error":"latitude and longitude go together"}"#),
            (
                "POST", "/api/v1/reminders", #"{"title":"x","due":"2026-13-01"}"#, 422,
                #"{"error":"due: '2026-13-01' has an invalid month"}"#
            ),
            (
                "POST", "/api/v1/reminders", #"{"title":"x","repeat":"daily"}"#, 422,
                #"{"error":"repeat needs a due date to count from; add due"}"#
            ),
            ("POST", "/api/v1/reminders", #"{"title":"x","list":"Nope"}"#, 422, #"{"error":"no list is named 'Nope'"}"#),
            ("POST", "/api/v1/reminders", #"{"title":"x","at":"Atlantis"}"#, 422, #"{"error":"unknown place 'Atlantis'"}"#),
            ("POST", "/api/v1/reminders", #"{"title":7}"#, 400, #"{"error":"field 'title': expected String"}"#),
            ("GET", "/api/v1/reminders?sort=size", nil, 400, #"{"error":"sort: 'size' is not creation, due, title or priority"}"#),
            ("GET", "/api/v1/reminders?completed&all", nil, 400, #"{"error":"use completed or all, not both"}"#),
            ("GET", "/api/v1/reminders?colour=red", nil, 400, ""),
            ("GET", "/api/v1/reminders/ffffffff", nil, 404, ""),
            ("PATCH", "/api/v1/reminders/ffffffff", #"{"title":"y"}"#, 404, ""),
            ("POST", "/api/v1/reminders/ffffffff/complete", nil, 404, ""),
        ]
        for (method, path, body, status, expected) in cases {
            let reply = try await server.send(method, path, body: body, headers: auth(full))
            #expect(reply.status == status, "\(method) \(path) \(body ?? ""): \(reply.body)")
            #expect(expected.isEmpty || reply.body == expected, "\(method) \(path) \(body ?? "")")
            #expect(reply.body.hasPrefix(#"{"error":""#) && !reply.body.contains("\n"), "\(reply.body)")
        }
        // The store is untouched by every refused request.
        #expect(try sandbox.ok("list", "--all", "--json") == "[]\n")
        #expect(server.stop() == 0)
    }

    @Test func completingARepeatingReminderRegeneratesItAsTheCommandLineDoes() async throws {
        let id = try sandbox.add("Water plants", "--due", "2026-11-23T09:00", "--repeat", "weekly")
        let server = try ServerProcess(sandbox)
        let reply = try await server.send(
            "POST", "/api/v1/reminders/\(id)/complete", body: #"{"date":"2026-11-23T10:00"}"#, headers: auth(full))
        #expect(reply.status == 200, "\(reply.body)")
        #expect(
            reply.body.contains(#""outcome":"advanced""#) && reply.body.contains(#""nextDue":"2026-11-30T09:00:00-05:00""#), "\(reply.body)"
        )
        #expect(try sandbox.ok("list", "--completed", "--json").contains("Water plants"))
        let lists = try await server.send("GET", "/api/v1/lists", headers: auth(read))
        #expect(lists.status == 200 && lists.body.contains(#""title":"Reminders""#), "\(lists.body)")
        let places = try await server.send("GET", "/api/v1/places", headers: auth(read))
        #expect(places.status == 200 && places.body.contains(#""name":"Grocery Store""#))
        #expect(server.stop() == 0)
    }

    /// Two alarms fire; the stream is read, dropped, a third fires meanwhile, and the stream resumed
    /// from the last id seen delivers exactly the third.
    @Test func theEventStreamResumesWithoutGapOrRepeat() async throws {
        let server = try ServerProcess(sandbox)
        let places = [60.0, 61.0, 62.0]
        var ids: [String] = []
        for lat in places {
            let reply = try await server.send(
                "POST", "/api/v1/reminders", body: #"{"title":"At \#(lat)","latitude":\#(lat),"longitude":20,"radius":100}"#,
                headers: auth(full))
            #expect(reply.status == 201)
            ids.append(try Self.id(reply.body))
        }
        // Reminders written through the API reach the evaluator within a second, as the CLI's do.
        try await Task.sleep(for: .milliseconds(1200))
        func cross(_ index: Int) async throws {
            let now = Int(Date().timeIntervalSince1970)
            for (t, lon) in [(now - 60 + index, 20.01), (now + index, 20.0)] {
                let reply = try await server.send(
                    "GET", "/gpslogger?device=d\(index)&lat=\(places[index])&lon=\(lon)&timestamp=\(t)", headers: auth(ingest))
                #expect(reply.status == 200)
            }
        }
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown() }
        var first = try await EventStreamReader(client: client, port: server.port, token: read, since: nil)
        try await cross(0)
        try await cross(1)
        let seen = try await first.next(2)
        first.close()
        #expect(seen.map(\.type) == ["alarm.arrive", "alarm.arrive"])
        #expect(seen[0].data.contains(ids[0]) && seen[1].data.contains(ids[1]))
        try await cross(2)
        var resumed = try await EventStreamReader(client: client, port: server.port, token: read, since: seen[1].id)
        let rest = try await resumed.next(1)
        resumed.close()
        #expect(rest.count == 1 && rest[0].data.contains(ids[2]))
        // The JSON listing of the outbox agrees, and resumes the same way.
        let listed = try await server.send("GET", "/api/v1/events?since=\(seen[0].id)", headers: auth(read))
        #expect(listed.status == 200 && listed.body.contains(ids[1]) && listed.body.contains(ids[2]) && !listed.body.contains(ids[0]))
        #expect(try await server.send("GET", "/events", headers: auth(ingest)).status == 403)
        #expect(server.stop() == 0)
    }
}

/// Reads Server-Sent Events from `/events` with async-http-client's streaming body.
struct EventStreamReader {
    struct Event {
        var id: String
        var type: String
        var data: String
    }

    let task: Task<Void, any Error>
    let events: AsyncStream<Event>
    var iterator: AsyncStream<Event>.Iterator

    init(client: HTTPClient, port: Int, token: String, since: String?) async throws {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/events")
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        if let since { request.headers.add(name: "Last-Event-ID", value: since) }
        let response = try await client.execute(request, timeout: .seconds(30))
        guard response.status == .ok else { throw ServeTestError.didNotStart(log: "status \(response.status)") }
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        events = stream
        iterator = stream.makeAsyncIterator()
        task = Task {
            var pending = ""
            for try await buffer in response.body {
                pending += String(buffer: buffer)
                while let end = pending.range(of: "\n\n") {
                    let block = pending[..<end.lowerBound]
                    pending = String(pending[end.upperBound...])
                    var event = Event(id: "", type: "", data: "")
                    for line in block.split(separator: "\n") {
                        if line.hasPrefix("id: ") { event.id = String(line.dropFirst(4)) }
                        if line.hasPrefix("event: ") { event.type = String(line.dropFirst(7)) }
                        if line.hasPrefix("data: ") { event.data = String(line.dropFirst(6)) }
                    }
                    if !event.id.isEmpty { continuation.yield(event) }
                }
            }
            continuation.finish()
        }
    }

    /// The next `count` events, waiting at most 20 s.
    mutating func next(_ count: Int) async throws -> [Event] {
        var result: [Event] = []
        let deadline = ContinuousClock.now + .seconds(20)
        while result.count < count, ContinuousClock.now < deadline {
            guard let event = await iterator.next() else { break }
            result.append(event)
        }
        return result
    }

    func close() { task.cancel() }
}
