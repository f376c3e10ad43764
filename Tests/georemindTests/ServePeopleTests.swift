import Foundation
import Testing

/// A household of two on one `serve` (docs/people.md): each token acts as its account, another
/// account's reminder answers exactly as a missing one, a phone cannot post as another person's
/// device, and an alarm fires for its people only; on both store engines.
@Suite(.serialized) struct ServePeopleTests {
    let sandbox: CLISandbox
    let anna: String
    let ben: String
    let annaPhone: String
    let benPhone: String

    init() throws {
        sandbox = try CLISandbox(timeZone: "UTC")
        try sandbox.ok("account", "add", "anna", "--admin")
        try sandbox.ok("account", "add", "ben")
        try sandbox.ok("lists", "add", "Household", "--account", "anna")
        try sandbox.ok("lists", "share", "Household", "--with", "ben", "--account", "anna")
        let sandbox = sandbox
        func token(_ name: String, _ account: String, _ scope: String) throws -> String {
            try sandbox.ok("token", "create", name, "--scope", scope, "--account", account).trimmingCharacters(in: .newlines)
        }
        anna = try token("anna-api", "anna", "full")
        ben = try token("ben-api", "ben", "full")
        annaPhone = try token("anna-phone", "anna", "ingest")
        benPhone = try token("ben-phone", "ben", "ingest")
    }

    func auth(_ token: String) -> [String: String] { ["Authorization": "Bearer \(token)", "Content-Type": "application/json"] }

    static func id(_ json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["id"] as? String)
    }

    /// One OwnTracks location as the app posts it, as `user`/`device`.
    func post(
        _ server: ServerProcess, token: String, user: String, device: String = "phone", lat: Double, lon: Double, seconds: Int
    ) async throws -> ServerProcess.Reply {
        try await server.send(
            "POST", "/owntracks",
            body: #"{"_type":"location","acc":5,"lat":\#(lat),"lon":\#(lon),"tid":"p","tst":\#(seconds)}"#,
            headers: [
                "Authorization": ServerProcess.basic(user, token), "X-Limit-U": user, "X-Limit-D": device,
                "Content-Type": "application/json",
            ])
    }

    @Test func anotherAccountsReminderAnswersAsAMissingOne() async throws {
        let server = try ServerProcess(sandbox)
        let plumber = try await server.send("POST", "/api/v1/reminders", body: #"{"title":"Call the plumber"}"#, headers: auth(ben))
        #expect(plumber.status == 201)
        let id = try Self.id(plumber.body)
        let missing = "00000000-0000-4000-8000-000000000000"
        for (method, suffix, body) in [
            ("GET", "", nil), ("PATCH", "", #"{"title":"x"}"#), ("DELETE", "", nil), ("POST", "/complete", "{}"),
        ] {
            let foreign = try await server.send(method, "/api/v1/reminders/\(id)\(suffix)", body: body, headers: auth(anna))
            let absent = try await server.send(method, "/api/v1/reminders/\(missing)\(suffix)", body: body, headers: auth(anna))
            #expect(foreign.status == 404, "\(method) \(suffix)")
            #expect(foreign.body == absent.body.replacingOccurrences(of: missing, with: id), "\(method) \(suffix)")
        }
        // Nothing moved: Ben still reads it as it was.
        let after = try await server.send("GET", "/api/v1/reminders/\(id)", headers: auth(ben))
        #expect(after.status == 200 && after.body == plumber.body)
        let listed = try await server.send("GET", "/api/v1/reminders?all", headers: auth(anna))
        #expect(listed.status == 200 && !listed.body.contains(id))
        let lists = try await server.send("GET", "/api/v1/lists", headers: auth(anna))
        #expect(lists.body.contains("Household") && lists.body.contains("Reminders (anna)") && !lists.body.contains("Reminders (ben)"))
        // An editor's write to a shared list works; a body cannot name another owner.
        let shared = try await server.send(
            "POST", "/api/v1/reminders", body: #"{"title":"Bread","list":"Household","assign":"ben"}"#, headers: auth(anna))
        #expect(shared.status == 201 && shared.body.contains(#""assignee":"ben""#))
        let owner = try await server.send("POST", "/api/v1/reminders", body: #"{"title":"x","owner":"ben"}"#, headers: auth(anna))
        #expect(owner.status == 422)
        #expect(server.stop() == 0)
    }

    @Test func aPhoneCannotPostAsAnotherPersonsDevice() async throws {
        let server = try ServerProcess(sandbox)
        let start = Int(Date().timeIntervalSince1970) - 600
        #expect(try await post(server, token: benPhone, user: "ben", lat: 48.0, lon: 11.5, seconds: start).status == 200)
        // Anna's token naming Ben's device: refused, and nothing of it is taken.
        let spoofed = try await post(server, token: annaPhone, user: "ben", lat: 48.1, lon: 11.5, seconds: start + 60)
        #expect(spoofed.status == 403)
        #expect(try sandbox.ok("device", "list").contains("ben/phone\tben/phone\tben-phone\tben\t"))
        // Each person's map shows their own devices only (a shared store's map follows its evaluation).
        var benMap = ServerProcess.Reply(status: 0, body: "")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !benMap.body.contains(#"ben\/phone"#) {
            benMap = try await server.send("GET", "/api/v1/live", headers: auth(ben))
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(benMap.status == 200 && benMap.body.contains(#"ben\/phone"#) && !benMap.body.contains("48.1"), "\(benMap.body)")
        let annaMap = try await server.send("GET", "/api/v1/live", headers: auth(anna))
        #expect(annaMap.status == 200 && !annaMap.body.contains(#"ben\/phone"#), "\(annaMap.body)")
        #expect(server.stop() == 0)
    }

    /// The journey: Anna's "buy milk" for anyone fires once, for whoever passes the shop first;
    /// Ben's "call the plumber when leaving work" fires only for Ben's phone; each sees only the
    /// events of the reminders it may read.
    @Test func theRightPhoneBuzzesAtTheShop() async throws {
        let milk = try sandbox.add(
            "buy milk", "--list", "Household", "--latitude", "48.1", "--longitude", "11.5", "--for", "anyone", "--account", "anna")
        let plumber = try sandbox.add(
            "call the plumber", "--latitude", "48.2", "--longitude", "11.6", "--when", "leaving", "--account", "ben")
        let server = try ServerProcess(sandbox)
        let start = Int(Date().timeIntervalSince1970) - 600
        // Both at Ben's work, then Anna leaves it (not hers: nothing), then Anna reaches the shop.
        #expect(try await post(server, token: annaPhone, user: "anna", lat: 48.2, lon: 11.6, seconds: start).status == 200)
        #expect(try await post(server, token: benPhone, user: "ben", lat: 48.2, lon: 11.6, seconds: start).status == 200)
        #expect(try await post(server, token: annaPhone, user: "anna", lat: 48.21, lon: 11.6, seconds: start + 60).status == 200)
        #expect(try await post(server, token: annaPhone, user: "anna", lat: 48.1, lon: 11.5, seconds: start + 120).status == 200)
        // Ben reaches the shop after Anna (nothing: it fired once), then leaves work... already left? He leaves now.
        #expect(try await post(server, token: benPhone, user: "ben", lat: 48.1, lon: 11.5, seconds: start + 180).status == 200)
        var annaEvents = ""
        var benEvents = ""
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            annaEvents = try await server.send("GET", "/api/v1/events", headers: auth(anna)).body
            benEvents = try await server.send("GET", "/api/v1/events", headers: auth(ben)).body
            if benEvents.contains(plumber) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        // Milk fired once, for Anna's phone; both members see it.
        #expect(annaEvents.components(separatedBy: milk).count - 1 == 1, "\(annaEvents)")
        #expect(annaEvents.contains(#""device":"anna/phone""#))
        #expect(benEvents.contains(milk))
        // The plumber fired for Ben leaving work, and Anna's token never sees it.
        #expect(benEvents.contains(plumber) && benEvents.contains(#""device":"ben/phone""#), "\(benEvents)")
        #expect(!annaEvents.contains(plumber))
        #expect(server.stop() == 0)
    }
}
