import Foundation
import TestSupport
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
        func events(_ token: String, until done: (String) -> Bool) async throws -> String {
            var body = ""
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                body = try await server.send("GET", "/api/v1/events", headers: auth(token)).body
                if done(body) { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            return body
        }
        // Anna's phone got "buy milk" (a shared store evaluates devices in partitions: wait for it).
        _ = try await events(anna) { $0.contains(milk) }
        // Ben reaches the shop after Anna (nothing: it fired once), which is leaving work for him.
        #expect(try await post(server, token: benPhone, user: "ben", lat: 48.1, lon: 11.5, seconds: start + 180).status == 200)
        let benEvents = try await events(ben) { $0.contains(plumber) }
        let annaEvents = try await events(anna) { _ in true }
        // Milk fired once, for Anna's phone; both members see it.
        #expect(annaEvents.components(separatedBy: milk).count - 1 == 1, "\(annaEvents)")
        #expect(annaEvents.contains(#""device":"anna/phone""#))
        #expect(benEvents.contains(milk))
        // The plumber fired for Ben leaving work, and Anna's token never sees it.
        #expect(benEvents.contains(plumber) && benEvents.contains(#""device":"ben/phone""#), "\(benEvents)")
        #expect(!annaEvents.contains(plumber))
        #expect(server.stop() == 0)
    }

    /// The journey as people live it: Ben adds "buy milk, when I arrive at the shop" in Apple
    /// Reminders (a CalDAV PUT into the household's list, with his name and app token); Anna's
    /// phone at the shop hears nothing, Ben's phone gets the alert in the reply to its post, and
    /// Ben's ntfy topic gets it; Anna's does not.
    @Test func aReminderWrittenOnBensPhoneBuzzesBensPhoneAtTheShop() async throws {
        let annasTopic = try await WebhookReceiver()
        let bensTopic = try await WebhookReceiver()
        try sandbox.ok("channel", "add", "ntfy", "http://127.0.0.1:\(annasTopic.port)/anna", "--account", "anna")
        try sandbox.ok("channel", "add", "ntfy", "http://127.0.0.1:\(bensTopic.port)/ben", "--account", "ben")
        #expect(try sandbox.ok("channel", "list", "--account", "ben").contains("/ben"))
        #expect(try !sandbox.ok("channel", "list", "--account", "ben").contains("/anna"))
        let server = try ServerProcess(sandbox)
        let lists = try await server.send("GET", "/api/v1/lists", headers: auth(ben))
        let decoded = try JSONSerialization.jsonObject(with: Data(lists.body.utf8)) as? [[String: Any]]
        let household = try #require(decoded?.first { $0["title"] as? String == "Household" }?["id"] as? String)
        let todo = AppleRemindersTodo.text(uid: "0B7C4E1A-2D3F-4A5B-9C6D-7E8F9A0B1C2D", place: "Shop", geo: "48.1,11.5")
        let reloads = server.log.components(separatedBy: "reminders reloaded").count
        let put = try await server.send(
            "PUT", "/dav/calendars/ben/\(household)/0B7C4E1A-2D3F-4A5B-9C6D-7E8F9A0B1C2D.ics", body: todo,
            headers: ["Authorization": ServerProcess.basic("ben", ben), "Content-Type": "text/calendar; charset=utf-8"])
        #expect(put.status == 201, "\(put.body)")
        // The evaluator takes the new reminder up within a second (on PostgreSQL when the change
        // notification arrives): fixes posted before that were judged without it.
        let loaded = Date().addingTimeInterval(10)
        while server.log.components(separatedBy: "reminders reloaded").count == reloads, Date() < loaded {
            try await Task.sleep(for: .milliseconds(50))
        }
        // Ben's own principal; Anna's name with Ben's token is not Ben's way into Anna's home.
        let principal = try await server.send(
            "PROPFIND", "/dav/", body: #"<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>"#,
            headers: ["Authorization": ServerProcess.basic("ben", ben), "Depth": "0"])
        #expect(principal.body.contains("<d:href>/dav/principals/ben/</d:href>"))
        let annasHome = try await server.send(
            "PROPFIND", "/dav/calendars/anna/", headers: ["Authorization": ServerProcess.basic("anna", ben), "Depth": "1"])
        #expect(annasHome.status == 404)

        let start = Int(Date().timeIntervalSince1970) - 600
        for (token, user) in [(annaPhone, "anna"), (benPhone, "ben")] {
            #expect(try await post(server, token: token, user: user, lat: 48.11, lon: 11.5, seconds: start).status == 200)
        }
        // Anna reaches the shop first: the reminder is Ben's (he made it, it names no one else).
        let annaAtShop = try await post(server, token: annaPhone, user: "anna", lat: 48.1, lon: 11.5, seconds: start + 60)
        #expect(annaAtShop.status == 200 && !annaAtShop.body.contains("transition"))
        // Ben arrives: the alert is in the reply, or (evaluated just after the answer on a shared
        // store) in the reply to the phone's retry of the same message.
        var benAtShop = try await post(server, token: benPhone, user: "ben", lat: 48.1, lon: 11.5, seconds: start + 120)
        let deadline = Date().addingTimeInterval(20)
        while !benAtShop.body.contains(#""_type":"transition""#), Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
            benAtShop = try await post(server, token: benPhone, user: "ben", lat: 48.1, lon: 11.5, seconds: start + 120)
        }
        #expect(benAtShop.body.contains(#""_type":"transition""#) && benAtShop.body.contains("Buy milk"), "\(benAtShop.body)")
        #expect(benAtShop.body.contains(#""event":"enter""#))
        // Anna's phone, asking again, still hears nothing.
        let annaAgain = try await post(server, token: annaPhone, user: "anna", lat: 48.1, lon: 11.5, seconds: start + 60)
        #expect(annaAgain.status == 200 && !annaAgain.body.contains("transition"), "\(annaAgain.body)")
        let delivered = Date().addingTimeInterval(20)
        while bensTopic.requests.isEmpty, Date() < delivered { try await Task.sleep(for: .milliseconds(100)) }
        #expect(bensTopic.requests.map { $0.headers["title"] } == ["Buy milk"])
        try await Task.sleep(for: .seconds(1))
        #expect(annasTopic.requests.isEmpty)
        #expect(server.stop() == 0)
        try await annasTopic.stop()
        try await bensTopic.stop()
    }

    /// `/api/v1/admin/...`: an admin manages accounts and sees every account's devices and tokens
    /// (never a token's secret); anyone else's token is refused and changes nothing.
    @Test func anAdminManagesAccountsOverTheAPIAndNobodyElseCan() async throws {
        let server = try ServerProcess(sandbox)
        let refused = try await server.send("POST", "/api/v1/admin/accounts", body: #"{"name":"carl"}"#, headers: auth(ben))
        #expect(refused.status == 403)
        #expect(try !sandbox.ok("account", "list").contains("carl"))
        let made = try await server.send("POST", "/api/v1/admin/accounts", body: #"{"name":"carl"}"#, headers: auth(anna))
        #expect(made.status == 201 && made.body.contains(#""name":"carl""#) && made.body.contains(#""admin":false"#), "\(made.body)")
        #expect(try await server.send("POST", "/api/v1/admin/accounts", body: #"{"name":"carl"}"#, headers: auth(anna)).status == 409)
        let owner = try await server.send(
            "POST", "/api/v1/admin/accounts", body: #"{"name":"eve","admin":true,"owner":"ben"}"#, headers: auth(anna))
        #expect(owner.status == 422 && owner.body.contains("owner"))
        #expect(try await server.send("POST", "/api/v1/admin/accounts", body: #"{"name":"me"}"#, headers: auth(anna)).status == 422)

        let carl = try sandbox.ok("token", "create", "carl-api", "--scope", "full", "--account", "carl")
            .trimmingCharacters(in: .newlines)
        // A token made meanwhile works once the server has re-read its credentials.
        var status = 0
        var deadline = Date().addingTimeInterval(10)
        repeat {
            status = try await server.send("GET", "/api/v1/lists", headers: auth(carl)).status
            if status != 200 { try await Task.sleep(for: .milliseconds(100)) }
        } while status != 200 && Date() < deadline
        #expect(status == 200)
        let disabled = try await server.send(
            "PATCH", "/api/v1/admin/accounts/carl", body: #"{"disabled":true}"#, headers: auth(anna))
        #expect(disabled.status == 200 && disabled.body.contains(#""disabled":""#), "\(disabled.body)")
        // A disabled account's token is refused as soon as the server has re-read its credentials.
        deadline = Date().addingTimeInterval(10)
        repeat {
            status = try await server.send("GET", "/api/v1/lists", headers: auth(carl)).status
            if status != 401 { try await Task.sleep(for: .milliseconds(100)) }
        } while status != 401 && Date() < deadline
        #expect(status == 401)
        #expect(
            try await server.send("PATCH", "/api/v1/admin/accounts/nobody", body: #"{"disabled":true}"#, headers: auth(anna)).status == 404)
        // The store's first account is an admin too; once it is disabled, Anna is the last admin.
        #expect(
            try await server.send("PATCH", "/api/v1/admin/accounts/default", body: #"{"disabled":true}"#, headers: auth(anna)).status == 200
        )
        #expect(
            try await server.send("PATCH", "/api/v1/admin/accounts/anna", body: #"{"disabled":true}"#, headers: auth(anna)).status == 409)

        let tokens = try await server.send("GET", "/api/v1/admin/tokens", headers: auth(anna))
        #expect(tokens.status == 200 && tokens.body.contains(#""name":"ben-phone""#) && tokens.body.contains(#""account":"ben""#))
        for secret in [anna, ben, carl, annaPhone, benPhone] { #expect(!tokens.body.contains(secret)) }
        #expect(try await server.send("GET", "/api/v1/admin/tokens", headers: auth(ben)).status == 403)
        _ = try await post(server, token: benPhone, user: "ben", lat: 1, lon: 1, seconds: Int(Date().timeIntervalSince1970))
        let devices = try await server.send("GET", "/api/v1/admin/devices", headers: auth(anna))
        #expect(devices.body.contains(#""account":"ben""#) && devices.body.contains(#""id":"ben/phone""#), "\(devices.body)")
        // Ben's own view of devices stays his, without the account field.
        let own = try await server.send("GET", "/api/v1/devices", headers: auth(ben))
        #expect(own.body.contains(#""id":"ben/phone""#) && !own.body.contains(#""account""#))
        #expect(server.stop() == 0)
    }

    /// Waits up to 10 s for `GET path` with `token` to answer `status` (a serve re-reads its
    /// credentials within a second of a change).
    func eventually(_ server: ServerProcess, _ path: String, _ token: String, answers status: Int) async throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while true {
            if try await server.send("GET", path, headers: auth(token)).status == status { return true }
            guard Date() < deadline else { return false }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    @Test func anAdminMakesAndRevokesTokensAndDevicesOverTheAPI() async throws {
        let server = try ServerProcess(sandbox)
        // Ben's phone, made for him by Anna: the secret is in the answer that makes it, and never again.
        let made = try await server.send(
            "POST", "/api/v1/admin/tokens", body: #"{"name":"ben-tablet","scope":"read","account":"ben"}"#, headers: auth(anna))
        #expect(made.status == 201, "\(made.body)")
        let object = try JSONSerialization.jsonObject(with: Data(made.body.utf8)) as? [String: Any]
        let secret = try #require(object?["secret"] as? String)
        #expect(secret.hasPrefix("grm_") && object?["account"] as? String == "ben" && object?["scope"] as? String == "read")
        #expect(try await eventually(server, "/api/v1/lists", secret, answers: 200))
        // It reads as Ben: his lists, not Anna's own.
        let lists = try await server.send("GET", "/api/v1/lists", headers: auth(secret)).body
        #expect(lists.contains("Household") && lists.contains("Reminders (ben)") && !lists.contains("Reminders (anna)"), "\(lists)")
        #expect(try await server.send("POST", "/api/v1/reminders", body: #"{"title":"x"}"#, headers: auth(secret)).status == 403)
        let listed = try await server.send("GET", "/api/v1/admin/tokens", headers: auth(anna)).body
        #expect(listed.contains(#""name":"ben-tablet""#) && !listed.contains(secret))

        // Refusals: a name taken (409), an account or device nobody has (404), a scope or field
        // that does not exist (422); none of them makes a token.
        for (body, status) in [
            (#"{"name":"ben-tablet","scope":"read","account":"ben"}"#, 409),
            (#"{"name":"t2","scope":"read","account":"nobody"}"#, 404),
            (#"{"name":"t3","scope":"ingest","account":"ben","device":"anna/phone"}"#, 404),
            (#"{"name":"t4","scope":"admin","account":"ben"}"#, 422),
            (#"{"name":"t5","scope":"read","account":"ben","hash":"x"}"#, 422),
        ] {
            let refused = try await server.send("POST", "/api/v1/admin/tokens", body: body, headers: auth(anna))
            #expect(refused.status == status, "\(body): \(refused.body)")
        }
        #expect(try !sandbox.ok("token", "list").contains("\tt"))
        #expect(
            try await server.send("POST", "/api/v1/admin/tokens", body: #"{"name":"x","scope":"read"}"#, headers: auth(ben)).status == 403)

        // Revoked: refused within a second; revoking it again finds none.
        #expect(try await server.send("DELETE", "/api/v1/admin/tokens/ben-tablet", headers: auth(anna)).status == 204)
        #expect(try await eventually(server, "/api/v1/lists", secret, answers: 401))
        #expect(try await server.send("DELETE", "/api/v1/admin/tokens/ben-tablet", headers: auth(anna)).status == 404)

        // An OsmAnd device for Ben: its id is its credential, and its fixes are Ben's.
        let device = try await server.send(
            "POST", "/api/v1/admin/devices", body: #"{"name":"ben-osmand","id":"k2w9ben","account":"ben"}"#, headers: auth(anna))
        #expect(
            device.status == 201 && device.body.contains(#""id":"k2w9ben""#) && device.body.contains(#""account":"ben""#), "\(device.body)")
        #expect(
            try await server.send("POST", "/api/v1/admin/devices", body: #"{"name":"other","id":"k2w9ben"}"#, headers: auth(anna)).status
                == 409)
        let query = "/osmand?id=k2w9ben&lat=1&lon=1&timestamp=\(Int(Date().timeIntervalSince1970))"
        var accepted = 0
        let deadline = Date().addingTimeInterval(10)
        while accepted != 200, Date() < deadline {
            accepted = try await server.send("GET", query).status
            if accepted != 200 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(accepted == 200)
        #expect(try await server.send("DELETE", "/api/v1/admin/devices/ben-osmand", headers: auth(anna)).status == 204)
        #expect(try !sandbox.ok("device", "list").contains("ben-osmand"))
        #expect(server.stop() == 0)
    }
}
