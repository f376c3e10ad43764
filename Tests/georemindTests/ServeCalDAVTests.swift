import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TestSupport
import Testing

/// `/dav/` of the running server, end to end: Basic auth, the well-known redirect, the requests
/// iOS Reminders, Tasks.org and DAVx5 send to discover and sync, and an Apple-shaped PUT that
/// `georemind list` then shows as an armed arriving location alarm.
@Suite(.serialized) struct ServeCalDAVTests {
    let sandbox: CLISandbox
    let full: String
    let read: String

    init() throws {
        sandbox = try CLISandbox()
        full = try sandbox.ok("token", "create", "phone", "--scope", "full").trimmingCharacters(in: .newlines)
        read = try sandbox.ok("token", "create", "viewer", "--scope", "read").trimmingCharacters(in: .newlines)
    }

    struct Reply {
        var status: Int
        var headers: HTTPHeaders
        var body: String
    }

    /// One request as a client sends it, without following redirects.
    static func send(
        _ client: HTTPClient, _ port: Int, _ method: String, _ path: String, _ body: String = "", headers: [String: String] = [:]
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if !body.isEmpty { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await client.execute(request, timeout: .seconds(20))
        let bytes = try await response.body.collect(upTo: 1 << 24)
        return Reply(status: Int(response.status.code), headers: response.headers, body: String(buffer: bytes))
    }

    static let appleTodo = AppleRemindersTodo.text()

    @Test func iOSDiscoversSyncsAndPutsALocationReminderThatTheCommandLineShowsArmed() async throws {
        let server = try ServerProcess(sandbox)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = client.shutdown() }
        let port = server.port
        let auth = ["Authorization": ServerProcess.basic("anyone@example.org", full), "Content-Type": "application/xml"]

        for (method, path) in [("GET", "/.well-known/caldav"), ("PROPFIND", "/.well-known/caldav"), ("PROPFIND", "/")] {
            let redirect = try await Self.send(client, port, method, path)
            #expect(redirect.status == 301 && redirect.headers.first(name: "Location") == "/dav/")
        }
        let anonymous = try await Self.send(client, port, "PROPFIND", "/dav/", headers: ["Depth": "0"])
        #expect(anonymous.status == 401)
        #expect(anonymous.headers.first(name: "WWW-Authenticate") == #"Basic realm="georemind""#)
        let wrong = try await Self.send(
            client, port, "PROPFIND", "/dav/", headers: ["Depth": "0", "Authorization": ServerProcess.basic("x", "nope")])
        #expect(wrong.status == 401)
        let options = try await Self.send(client, port, "OPTIONS", "/dav/")
        #expect(options.headers.first(name: "DAV") == "1, 3, calendar-access, extended-mkcol")

        // iOS: current-user-principal at the root, then the principal, then the home Depth 1.
        let root = try await Self.send(
            client, port, "PROPFIND", "/dav/",
            #"<A:propfind xmlns:A="DAV:"><A:prop><A:current-user-principal/><A:principal-URL/><A:resourcetype/></A:prop></A:propfind>"#,
            headers: auth.merging(["Depth": "0"]) { $1 })
        #expect(root.status == 207)
        #expect(root.body.contains("<d:current-user-principal><d:href>/dav/principals/default/</d:href>"))
        // A 207 carries its length and is not chunked.
        #expect(root.headers.first(name: "Content-Length") == String(root.body.utf8.count))
        #expect(root.headers.first(name: "Transfer-Encoding") == nil)
        let principal = try await Self.send(
            client, port, "PROPFIND", "/dav/principals/default/",
            #"<A:propfind xmlns:A="DAV:" xmlns:B="urn:ietf:params:xml:ns:caldav"><A:prop><B:calendar-home-set/><A:displayname/></A:prop></A:propfind>"#,
            headers: auth.merging(["Depth": "0"]) { $1 })
        #expect(principal.body.contains("<cal:calendar-home-set><d:href>/dav/calendars/default/</d:href>"))
        let home = try await Self.send(
            client, port, "PROPFIND", "/dav/calendars/default/",
            """
            <A:propfind xmlns:A="DAV:" xmlns:B="urn:ietf:params:xml:ns:caldav" xmlns:C="http://calendarserver.org/ns/">
            <A:prop><A:resourcetype/><A:displayname/><C:getctag/><A:sync-token/><B:supported-calendar-component-set/>
            <A:supported-report-set/><A:current-user-privilege-set/></A:prop></A:propfind>
            """,
            headers: auth.merging(["Depth": "1"]) { $1 })
        #expect(home.status == 207)
        let listHref = try #require(
            home.body.components(separatedBy: "<d:href>").dropFirst().map { $0.components(separatedBy: "</d:href>")[0] }
                .first { $0 != "/dav/calendars/default/" && $0.hasPrefix("/dav/calendars/default/") })

        // The Apple PUT, then sync-collection as iOS lists.
        let href = listHref + "5E1C2A9B-3F4D-4E5F-8A9B-0C1D2E3F4A5B.ics"
        let put = try await Self.send(
            client, port, "PUT", href, Self.appleTodo,
            headers: ["Authorization": auth["Authorization"]!, "If-None-Match": "*", "Content-Type": "text/calendar"])
        #expect(put.status == 201)
        let sync = try await Self.send(
            client, port, "REPORT", listHref,
            #"<A:sync-collection xmlns:A="DAV:"><A:sync-token/><A:sync-level>1</A:sync-level><A:prop><A:getetag/></A:prop></A:sync-collection>"#,
            headers: auth)
        #expect(sync.status == 207 && sync.body.contains("<d:href>\(href)</d:href>"))
        let get = try await Self.send(client, port, "GET", href, headers: ["Authorization": auth["Authorization"]!])
        // The bytes iOS stored, under the ETag its PUT was answered with.
        #expect(get.status == 200 && get.body == Self.appleTodo)
        #expect(get.headers.first(name: "ETag") != nil && get.headers.first(name: "ETag") == put.headers.first(name: "ETag"))

        // A read token reads but does not write.
        let readAuth = ["Authorization": ServerProcess.basic("viewer", read)]
        #expect(try await Self.send(client, port, "GET", href, headers: readAuth).status == 200)
        #expect(try await Self.send(client, port, "DELETE", href, headers: readAuth).status == 403)
        #expect(server.stop() == 0)

        // `list` shows the place and its proximity; `show` the alarm, not fired (armed).
        #expect(try sandbox.ok("list", "--location").contains("Buy milk  Home (arriving)"))
        let shown = try sandbox.ok("show", "5e1c2a9b")
        #expect(shown.contains("alarm:     arriving at Home (52.520008, 13.404954, radius 100 m)"), "\(shown)")
        #expect(!shown.contains("fired"))
        let listed = try sandbox.ok("list", "--json")
        #expect(listed.contains(#""proximity":"enter""#) && listed.contains(#""radius":100"#), "\(listed)")
        #expect(!listed.contains("firedDate"), "\(listed)")
    }

    /// Tasks.org's built-in client: extended MKCOL for a new list, PUT with no precondition and a
    /// task-level GEO, calendar-query for open tasks, multiget, DELETE with no If-Match.
    @Test func tasksOrgMakesAListPutsAGEOTaskQueriesAndDeletes() async throws {
        let server = try ServerProcess(sandbox)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = client.shutdown() }
        let port = server.port
        let auth = ["Authorization": ServerProcess.basic("me", full)]
        let list = "/dav/calendars/default/6f1c3a2e-9b0d-4c8e-a1f2-3b4c5d6e7f80/"
        let mkcol = try await Self.send(
            client, port, "MKCOL", list,
            """
            <d:mkcol xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop><d:displayname>Errands</d:displayname>
            <d:resourcetype><d:collection/><c:calendar/></d:resourcetype></d:prop></d:set></d:mkcol>
            """, headers: auth)
        #expect(mkcol.status == 201)
        let todo = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:+//IDN tasks.org//android-140102//EN\r
            BEGIN:VTODO\r
            DTSTAMP:20261001T120000Z\r
            UID:4711815\r
            CREATED:20261001T120000Z\r
            LAST-MODIFIED:20261001T120000Z\r
            SUMMARY:Post the letter\r
            GEO:47.376887;8.541694\r
            LOCATION:Post office\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        #expect(try await Self.send(client, port, "PUT", list + "4711815.ics", todo, headers: auth).status == 201)
        let query = try await Self.send(
            client, port, "REPORT", list,
            """
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>
            <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">
            <c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter></c:comp-filter></c:comp-filter></c:filter>
            </c:calendar-query>
            """, headers: auth.merging(["Depth": "1"]) { $1 })
        #expect(query.status == 207 && query.body.contains("<d:href>\(list)4711815.ics</d:href>"))
        let multiget = try await Self.send(
            client, port, "REPORT", list,
            """
            <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/>
            </d:prop><d:href>\(list)4711815.ics</d:href></c:calendar-multiget>
            """, headers: auth)
        #expect(multiget.body.contains("UID:4711815&#13;") && multiget.body.contains("GEO:47.376887;8.541694&#13;"))
        let shown = try sandbox.ok("list", "--location")
        #expect(shown.contains("Post the letter  Post office (arriving)  Errands"), "\(shown)")
        #expect(try await Self.send(client, port, "DELETE", list + "4711815.ics", headers: auth).status == 204)
        #expect(try await Self.send(client, port, "DELETE", list + "4711815.ics", headers: auth).status == 404)
        #expect(server.stop() == 0)
        #expect(!(try sandbox.ok("list")).contains("Post the letter"))
    }

    /// DAVx5: the home's collections with its property set, sync-collection, PUT and DELETE with
    /// If-Match; a stale If-Match is 412.
    @Test func davx5SyncsWithTokensAndETags() async throws {
        _ = try sandbox.add("Call mum")
        let server = try ServerProcess(sandbox)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = client.shutdown() }
        let port = server.port
        let auth = ["Authorization": ServerProcess.basic("me", full)]
        let home = try await Self.send(
            client, port, "PROPFIND", "/dav/calendars/default/",
            """
            <propfind xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/" \
            xmlns:ICAL="http://apple.com/ns/ical/"><prop><resourcetype/><displayname/><ICAL:calendar-color/>\
            <CAL:calendar-description/><CAL:calendar-timezone/><current-user-privilege-set/>\
            <CAL:supported-calendar-component-set/><CS:source/></prop></propfind>
            """, headers: auth.merging(["Depth": "1"]) { $1 })
        #expect(home.status == 207 && home.body.contains("<cs:source/>"))
        let list = try #require(
            home.body.components(separatedBy: "<d:href>").dropFirst().map { $0.components(separatedBy: "</d:href>")[0] }
                .first { $0 != "/dav/calendars/default/" })
        let sync = """
            <sync-collection xmlns="DAV:"><sync-token>TOKEN</sync-token><sync-level>1</sync-level>\
            <prop><getetag/></prop></sync-collection>
            """
        let first = try await Self.send(client, port, "REPORT", list, sync.replacingOccurrences(of: "TOKEN", with: ""), headers: auth)
        #expect(first.status == 207)
        let href = try #require(
            first.body.components(separatedBy: "<d:href>").dropFirst().map { $0.components(separatedBy: "</d:href>")[0] }.first)
        let token = try #require(first.body.components(separatedBy: "<d:sync-token>").last?.components(separatedBy: "<").first)
        let get = try await Self.send(client, port, "GET", href, headers: auth)
        let etag = try #require(get.headers.first(name: "ETag"))
        let edited = get.body.replacingOccurrences(of: "SUMMARY:Call mum", with: "SUMMARY:Call mum tonight")
        let stale = try await Self.send(client, port, "PUT", href, edited, headers: auth.merging(["If-Match": "\"0\""]) { $1 })
        #expect(stale.status == 412)
        let put = try await Self.send(client, port, "PUT", href, edited, headers: auth.merging(["If-Match": etag]) { $1 })
        #expect(put.status == 204)
        let next = try await Self.send(client, port, "REPORT", list, sync.replacingOccurrences(of: "TOKEN", with: token), headers: auth)
        #expect(next.status == 207 && next.body.contains("<d:href>\(href)</d:href><d:propstat>"))
        let newTag = try #require(try await Self.send(client, port, "GET", href, headers: auth).headers.first(name: "ETag"))
        #expect(newTag != etag)
        #expect(try await Self.send(client, port, "DELETE", href, headers: auth.merging(["If-Match": newTag]) { $1 }).status == 204)
        #expect(server.stop() == 0)
    }

    /// A token handed out before `serve` restarted still answers a delta afterwards (on
    /// PostgreSQL, any instance would): the change made meanwhile by the command line and a
    /// deletion, and nothing of what did not change.
    @Test func aSyncTokenOutlivesARestartOfServe() async throws {
        let mumID = try sandbox.add("Call mum")
        _ = try sandbox.add("Water plants")
        let auth = ["Authorization": ServerProcess.basic("me", full)]
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = client.shutdown() }
        let sync = """
            <sync-collection xmlns="DAV:"><sync-token>TOKEN</sync-token><sync-level>1</sync-level>\
            <prop><getetag/></prop></sync-collection>
            """
        func hrefs(_ body: String) -> [String] {
            body.components(separatedBy: "<d:href>").dropFirst().map { $0.components(separatedBy: "</d:href>")[0] }
        }
        var server = try ServerProcess(sandbox)
        let home = try await Self.send(
            client, server.port, "PROPFIND", "/dav/calendars/default/", "<propfind xmlns=\"DAV:\"><prop><resourcetype/></prop></propfind>",
            headers: auth.merging(["Depth": "1"]) { $1 })
        let list = try #require(hrefs(home.body).first { $0 != "/dav/calendars/default/" })
        let first = try await Self.send(
            client, server.port, "REPORT", list, sync.replacingOccurrences(of: "TOKEN", with: ""), headers: auth)
        #expect(first.status == 207 && hrefs(first.body).count == 2)
        let token = try #require(first.body.components(separatedBy: "<d:sync-token>").last?.components(separatedBy: "<").first)
        let mum = list + mumID + ".ics"
        #expect(hrefs(first.body).contains(mum))
        #expect(server.stop() == 0)

        let breadID = try sandbox.add("Buy bread")
        server = try ServerProcess(sandbox)
        #expect(try await Self.send(client, server.port, "DELETE", mum, headers: auth).status == 204)
        let after = try await Self.send(
            client, server.port, "REPORT", list, sync.replacingOccurrences(of: "TOKEN", with: token), headers: auth)
        #expect(after.status == 207, "a token of the last run is known: \(after.body)")
        #expect(after.body.contains("<d:href>\(mum)</d:href><d:status>HTTP/1.1 404 Not Found</d:status>"))
        #expect(hrefs(after.body).filter { $0 != mum } == [list + breadID + ".ics"], "a delta, not a full sync")
        #expect(server.stop() == 0)
    }

    /// A client reads back the bytes it stored, across a restart, until the reminder changes
    /// elsewhere: then the store's rendering, under a new ETag, and the old one no longer matches.
    @Test func theClientsBytesLastUntilTheCommandLineChangesTheReminder() async throws {
        let auth = ["Authorization": ServerProcess.basic("me", full)]
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = client.shutdown() }
        var server = try ServerProcess(sandbox)
        let home = try await Self.send(
            client, server.port, "PROPFIND", "/dav/calendars/default/", "<propfind xmlns=\"DAV:\"><prop><resourcetype/></prop></propfind>",
            headers: auth.merging(["Depth": "1"]) { $1 })
        let list = try #require(
            home.body.components(separatedBy: "<d:href>").dropFirst().map { $0.components(separatedBy: "</d:href>")[0] }
                .first { $0 != "/dav/calendars/default/" })
        let href = list + "5E1C2A9B-3F4D-4E5F-8A9B-0C1D2E3F4A5B.ics"
        let put = try await Self.send(client, server.port, "PUT", href, Self.appleTodo, headers: auth)
        let etag = try #require(put.headers.first(name: "ETag"))
        #expect(put.status == 201)
        #expect(server.stop() == 0)
        server = try ServerProcess(sandbox)
        let kept = try await Self.send(client, server.port, "GET", href, headers: auth)
        #expect(kept.body == Self.appleTodo && kept.headers.first(name: "ETag") == etag)

        _ = try sandbox.ok("complete", "5e1c2a9b")
        let changed = try await Self.send(client, server.port, "GET", href, headers: auth)
        #expect(changed.status == 200 && changed.body != Self.appleTodo && changed.body.contains("STATUS:COMPLETED\r\n"))
        let newTag = try #require(changed.headers.first(name: "ETag"))
        #expect(newTag != etag)
        let stale = try await Self.send(client, server.port, "PUT", href, Self.appleTodo, headers: auth.merging(["If-Match": etag]) { $1 })
        #expect(stale.status == 412)
        #expect(server.stop() == 0)
    }

    /// Thunderbird: the list's properties at Depth 0, the etags at Depth 1, multiget, a PUT with
    /// If-None-Match: *, a DELETE with If-Match, and a DELETE of a gone resource (404, which it
    /// takes as done).
    @Test func thunderbirdListsFetchesCreatesAndDeletes() async throws {
        let server = try ServerProcess(sandbox)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = client.shutdown() }
        let port = server.port
        let auth = ["Authorization": ServerProcess.basic("me", full), "Content-Type": "text/xml; charset=utf-8"]
        let home = try await Self.send(
            client, port, "PROPFIND", "/dav/calendars/default/", "", headers: auth.merging(["Depth": "1"]) { $1 })
        let list = try #require(
            home.body.components(separatedBy: "<d:href>").dropFirst().map { $0.components(separatedBy: "</d:href>")[0] }
                .first { $0 != "/dav/calendars/default/" && $0.hasPrefix("/dav/calendars/default/") })
        let properties = try await Self.send(
            client, port, "PROPFIND", list,
            """
            <D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/" xmlns:C="urn:ietf:params:xml:ns:caldav">\
            <D:prop><D:resourcetype/><D:owner/><D:current-user-principal/><D:current-user-privilege-set/>\
            <D:supported-report-set/><C:supported-calendar-component-set/><CS:getctag/></D:prop></D:propfind>
            """, headers: auth.merging(["Depth": "0"]) { $1 })
        #expect(properties.status == 207 && properties.body.contains("<d:report><d:sync-collection/></d:report>"))
        #expect(!properties.body.contains("404 Not Found"))
        let event = """
            BEGIN:VCALENDAR\r
            PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r
            VERSION:2.0\r
            BEGIN:VTODO\r
            CREATED:20261001T120000Z\r
            LAST-MODIFIED:20261001T120000Z\r
            DTSTAMP:20261001T120000Z\r
            UID:3f0bd5c4-3b3c-4a53-9d3e-0f5e0e7c2a11\r
            SUMMARY:Renew passport\r
            X-MOZ-GENERATION:1\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        let href = list + "3f0bd5c4-3b3c-4a53-9d3e-0f5e0e7c2a11.ics"
        let put = try await Self.send(
            client, port, "PUT", href, event, headers: ["Authorization": auth["Authorization"]!, "If-None-Match": "*"])
        #expect(put.status == 201)
        let etags = try await Self.send(
            client, port, "PROPFIND", list,
            #"<D:propfind xmlns:D="DAV:"><D:prop><D:getcontenttype/><D:resourcetype/><D:getetag/></D:prop></D:propfind>"#,
            headers: auth.merging(["Depth": "1"]) { $1 })
        #expect(etags.body.contains("<d:href>\(href)</d:href>"))
        let multiget = try await Self.send(
            client, port, "REPORT", list,
            """
            <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/><C:calendar-data/>\
            </D:prop><D:href>\(href)</D:href></C:calendar-multiget>
            """, headers: auth.merging(["Depth": "1"]) { $1 })
        #expect(multiget.body.contains("X-MOZ-GENERATION:1&#13;"))
        let etag = try #require(
            multiget.body.components(separatedBy: "<d:getetag>").last?.components(separatedBy: "</d:getetag>").first)
        let auth1 = ["Authorization": auth["Authorization"]!]
        #expect(try await Self.send(client, port, "DELETE", href, headers: auth1.merging(["If-Match": etag]) { $1 }).status == 204)
        #expect(try await Self.send(client, port, "DELETE", href, headers: auth1).status == 404)
        #expect(server.stop() == 0)
    }
}
