import Foundation
import GeoReminders
import TestSupport
import Testing

/// The reply to OwnTracks' location post, end to end: a scripted phone session against the built
/// `georemind serve` (docs/notifications.md, "OwnTracks: alerts and regions on the phone"). Every
/// reply is also decoded with the field types Android's Jackson classes require
/// (``AndroidReplyMessage``): a reply Android cannot read whole is dropped whole.
@Suite(.serialized) struct OwnTracksReplyTests {
    let sandbox: CLISandbox
    let token: String
    let t0 = Int(Date().timeIntervalSince1970) - 300

    init() throws {
        sandbox = try CLISandbox()
        token = try sandbox.ok("token", "create", "phones", "--scope", "ingest").trimmingCharacters(in: .newlines)
    }

    /// The reminder's one alarm id, read from `show --json`.
    func alarmID(_ reminder: String) throws -> String {
        let text = try sandbox.ok("show", reminder, "--json")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let alarms = object?["alarms"] as? [[String: Any]]
        return try #require(alarms?.first?["id"] as? String)
    }

    /// The reminder's alarm fired, now or within 20 s (on PostgreSQL a partition's owner evaluates
    /// a fix just after the post that brought it was answered).
    func fired(_ id: String) async throws -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while true {
            if try sandbox.ok("show", id, "--json").contains(#""firedDate""#) { return true }
            guard Date() < deadline else { return false }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    func post(_ server: ServerProcess, _ body: String) async throws -> ServerProcess.Reply {
        try await server.send(
            "POST", "/owntracks", body: body,
            headers: [
                "Authorization": ServerProcess.basic("ann", token), "X-Limit-U": "Ann", "X-Limit-D": "Pixel",
                "Content-Type": "application/json",
            ])
    }

    func location(_ lat: Double, _ lon: Double, _ tst: Int) -> String {
        #"{"_type":"location","acc":10,"lat":\#(lat),"lon":\#(lon),"tid":"an","tst":\#(tst),"batt":80,"bs":1,"conn":"w"}"#
    }

    /// The reply decoded as Android decodes it (the whole array, typed), or a failed expectation;
    /// it must also pass the iOS app's schema (``IOSMessageRules``).
    func decoded(_ reply: ServerProcess.Reply) throws -> [AndroidReplyMessage] {
        #expect(reply.status == 200 && reply.contentType == "application/json")
        #expect(IOSMessageRules.violations(reply.body).isEmpty, "\(IOSMessageRules.violations(reply.body)): \(reply.body)")
        return try JSONDecoder().decode([AndroidReplyMessage].self, from: Data(reply.body.utf8))
    }

    @Test func aPhoneSessionGetsItsRegionsOnceAndEveryAlertUntilAcknowledged() async throws {
        let milk = try sandbox.add("Milk", "--latitude", "47.36", "--longitude", "8.54", "--radius", "100")
        let bank = try sandbox.add("Bank", "--latitude", "47.37", "--longitude", "8.54", "--radius", "150.4")
        let done = try sandbox.add("Done", "--latitude", "47.361", "--longitude", "8.54")
        try sandbox.ok("complete", done)
        _ = try sandbox.add("Call Mum")
        // 19 far places, each farther than the one before: with Milk and Bank, 21 alarms; 20 are sent.
        var far: [String] = []
        for index in 0..<19 {
            far.append(try sandbox.add("Far \(index)", "--latitude", "\(10.0 - Double(index) * 0.01)", "--longitude", "10"))
        }
        let server = try ServerProcess(sandbox)

        // 1. Far from both places: the 20 nearest regions, nearest first, exactly.
        var reply = try await post(server, location(47.30, 8.54, t0))
        let messages = try decoded(reply)
        #expect(messages.count == 1)
        let command = try #require(messages.first?.commandWaypoints)
        let expectedRegion = { (id: String, title: String, lat: Double, lon: Double, rad: Int) throws -> AndroidReplyMessage.Waypoint in
            let alarm = try alarmID(id)
            return AndroidReplyMessage.Waypoint(
                type: "waypoint", desc: title, lat: lat, lon: lon, rad: rad,
                tst: Int64(PhoneRegion.stamp(reminderID: id, alarmID: alarm)), rid: PhoneRegion.id(reminderID: id, alarmID: alarm))
        }
        var expected = [
            try expectedRegion(milk, "Milk (47.360000, 8.540000)", 47.36, 8.54, 100),
            try expectedRegion(bank, "Bank (47.370000, 8.540000)", 47.37, 8.54, 150),
        ]
        for index in 0..<18 {
            let lat = 10.0 - Double(index) * 0.01
            expected.append(try expectedRegion(far[index], "Far \(index) (\(String(format: "%.6f", lat)), 10.000000)", lat, 10, 100))
        }
        #expect(command == expected)
        #expect(reply.body.contains(#""action":"setWaypoints""#) && reply.body.contains(#""_type":"waypoints""#))

        // 2. The same set again: nothing to say.
        reply = try await post(server, location(47.30, 8.54, t0 + 10))
        #expect(reply.body == "[]")

        // 3. At Milk: the arrival in the reply to the post that fired it.
        let milkAlarm = try alarmID(milk)
        let arrival = AndroidReplyMessage.transition(
            event: "enter", desc: "Milk (47.360000, 8.540000)", tst: Int64(t0 + 20),
            wtst: Int64(PhoneRegion.stamp(reminderID: milk, alarmID: milkAlarm)), rid: PhoneRegion.id(reminderID: milk, alarmID: milkAlarm),
            acc: 10, lat: 47.36, lon: 8.54)
        let arrivalBody = location(47.36, 8.54, t0 + 20)
        reply = try await post(server, arrivalBody)
        // On PostgreSQL the fix is evaluated as the post is answered (a race): the alert is in this
        // reply or comes with the next message the phone sends (here a retry of this one).
        let first = try decoded(reply)
        #expect(CLISandbox.engine == .sqlite ? first == [arrival] : (first == [arrival] || first.isEmpty), "\(reply.body)")
        #expect(try await fired(milk))

        // 4. That reply was lost: the phone sends the same message again (same tst) and gets it again.
        reply = try await post(server, arrivalBody)
        #expect(try decoded(reply) == [arrival], "\(reply.body)")
        // And a retry of the retry.
        reply = try await post(server, arrivalBody)
        #expect(try decoded(reply) == [arrival], "\(reply.body)")

        // 5. A new message: the alert was acknowledged, never sent again.
        reply = try await post(server, location(47.36, 8.54, t0 + 30))
        #expect(reply.body == "[]")
        reply = try await post(server, #"{"_type":"lwt","tst":\#(t0 + 31)}"#)
        #expect(reply.body == "[]")

        // 6. Bank fires from a fix of the same device through another protocol; serve is killed
        //    before the phone posts again. The restarted server still owes the phone that alert, and
        //    remembers the regions it has (only their order changed: no command).
        let sent = try await server.send(
            "GET", "/gpslogger?device=ann/pixel&lat=47.37&lon=8.54&timestamp=\(t0 + 40)&acc=5",
            headers: ["Authorization": "Bearer \(token)"])
        #expect(sent.status == 200)
        #expect(try await fired(bank))
        server.kill9()
        let restarted = try ServerProcess(sandbox)
        let bankAlarm = try alarmID(bank)
        reply = try await post(restarted, location(47.37, 8.54, t0 + 50))
        #expect(
            try decoded(reply) == [
                .transition(
                    event: "enter", desc: "Bank (47.370000, 8.540000)", tst: Int64(t0 + 40),
                    wtst: Int64(PhoneRegion.stamp(reminderID: bank, alarmID: bankAlarm)),
                    rid: PhoneRegion.id(reminderID: bank, alarmID: bankAlarm), acc: 5, lat: 47.37, lon: 8.54)
            ], "\(reply.body)")
        reply = try await post(restarted, location(47.37, 8.54, t0 + 60))
        #expect(reply.body == "[]")
        #expect(restarted.stop() == 0)
    }

    /// Waits up to 20 s for `/metrics` to hold `line` (on PostgreSQL a partition's owner counts
    /// what it took from the inbox just after the post was answered).
    func metric(_ server: ServerProcess, _ line: String) async throws -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while true {
            if try await server.send("GET", "/metrics").body.contains(line) { return true }
            guard Date() < deadline else { return false }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// A `transition` message as the apps post it: iOS names the region by `rid`, Android by `wtst`
    /// alone and says how it decided (`t`: `c` the OS, `l` its own check of a location).
    func transition(_ event: String, rid: String?, wtst: Int, t: String, lat: Double, acc: Int, tst: Int) -> String {
        let rid = rid.map { #""rid":"\#($0)","# } ?? ""
        return
            #"{"_type":"transition","event":"\#(event)","desc":"x",\#(rid)"wtst":\#(wtst),"t":"\#(t)","tid":"an","tst":\#(tst),"lat":\#(lat),"lon":8.54,"acc":\#(acc)}"#
    }

    @Test func aPhoneTransitionFiresItsAlarmOnceWhicheverSourceComesFirst() async throws {
        let milk = try sandbox.add("Milk", "--latitude", "47.36", "--longitude", "8.54", "--radius", "100")
        let bank = try sandbox.add("Bank", "--latitude", "47.37", "--longitude", "8.54", "--radius", "150")
        let server = try ServerProcess(sandbox)
        var reply = try await post(server, location(47.30, 8.54, t0))
        #expect(try decoded(reply).first?.commandWaypoints?.count == 2, "\(reply.body)")
        let milkAlarm = try alarmID(milk)
        let milkRegion = (
            id: PhoneRegion.id(reminderID: milk, alarmID: milkAlarm), stamp: PhoneRegion.stamp(reminderID: milk, alarmID: milkAlarm)
        )

        // 1. iOS: the OS says the phone entered Milk's region, from a last known position still
        //    outside the place. That word fires the alarm; the alert names that position.
        let enter = transition("enter", rid: milkRegion.id, wtst: milkRegion.stamp, t: "c", lat: 47.358, acc: 65, tst: t0 + 20)
        reply = try await post(server, enter)
        let arrival = AndroidReplyMessage.transition(
            event: "enter", desc: "Milk (47.360000, 8.540000)", tst: Int64(t0 + 20), wtst: Int64(milkRegion.stamp), rid: milkRegion.id,
            acc: 65, lat: 47.358, lon: 8.54)
        let first = try decoded(reply)
        #expect(CLISandbox.engine == .sqlite ? first == [arrival] : (first == [arrival] || first.isEmpty), "\(reply.body)")
        #expect(try await fired(milk))
        // The reply was lost: the phone sends the transition again and gets the alert again, once.
        reply = try await post(server, enter)
        #expect(try decoded(reply) == [arrival], "\(reply.body)")
        #expect(try await metric(server, #"georemind_phone_crossings_total{outcome="fired"} 1"# + "\n"))

        // 2. The fixes that follow cross into the place: the alarm does not fire a second time.
        let fixesCounted = CLISandbox.engine == .sqlite ? #"{protocol="owntracks"} 3"# : #"{protocol="inbox"} 3"#
        reply = try await post(server, location(47.36, 8.54, t0 + 25))
        #expect(reply.body == "[]")
        reply = try await post(server, location(47.36, 8.54, t0 + 26))
        #expect(try await metric(server, "georemind_fixes_admitted_total" + fixesCounted))
        reply = try await post(server, #"{"_type":"lwt","tst":\#(t0 + 27)}"#)
        #expect(reply.body == "[]")
        #expect(try await metric(server, #"georemind_alarms_fired_total{kind="enter"} 1"# + "\n"))

        // 3. Android, by `wtst` alone: its own check of a location 300 m vague is no word on a
        //    150 m place (the fixes decide); the OS's geofence is.
        let bankAlarm = try alarmID(bank)
        let bankStamp = PhoneRegion.stamp(reminderID: bank, alarmID: bankAlarm)
        reply = try await post(server, transition("enter", rid: nil, wtst: bankStamp, t: "l", lat: 47.369, acc: 300, tst: t0 + 30))
        #expect(try await metric(server, #"georemind_phone_crossings_total{outcome="waiting"} 1"#))
        #expect(try !sandbox.ok("show", bank, "--json").contains(#""firedDate""#))
        reply = try await post(server, transition("enter", rid: nil, wtst: bankStamp, t: "c", lat: 47.369, acc: 30, tst: t0 + 40))
        #expect(try await fired(bank))
        #expect(try await metric(server, #"georemind_phone_crossings_total{outcome="fired"} 2"#))
        #expect(server.stop() == 0)
    }

    @Test func aNewPhoneGetsNoBacklogAndAReminderAddedSendsTheNewSetOnce() async throws {
        let milk = try sandbox.add("Milk", "--latitude", "47.36", "--longitude", "8.54", "--radius", "100")
        let server = try ServerProcess(sandbox)
        // The device fires Milk through another app before OwnTracks ever posts as it: a phone's
        // first reply starts after what was recorded before it (no backlog dumped on a new phone).
        for (lat, t) in [(47.30, t0), (47.36, t0 + 5)] {
            let other = try await server.send(
                "GET", "/gpslogger?device=ann/pixel&lat=\(lat)&lon=8.54&timestamp=\(t)", headers: ["Authorization": "Bearer \(token)"])
            #expect(other.status == 200)
        }
        #expect(try await fired(milk))
        var reply = try await post(server, location(47.30, 8.54, t0 + 10))
        var messages = try decoded(reply)
        #expect(messages.count == 1 && messages.first?.commandWaypoints?.map(\.desc) == ["Milk (47.360000, 8.540000)"], "\(reply.body)")
        reply = try await post(server, location(47.30, 8.54, t0 + 20))
        #expect(reply.body == "[]")
        // A reminder added: the whole new set, once, in the first reply after the server reads it
        // (within RegionCatalog's second); the replies before say nothing.
        _ = try sandbox.add("Bank", "--latitude", "47.31", "--longitude", "8.54", "--radius", "80")
        var tst = t0 + 30
        reply = try await post(server, location(47.30, 8.54, tst))
        let deadline = Date().addingTimeInterval(5)
        while reply.body == "[]", Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
            tst += 1
            reply = try await post(server, location(47.30, 8.54, tst))
        }
        messages = try decoded(reply)
        #expect(
            messages.first?.commandWaypoints?.map(\.desc) == ["Bank (47.310000, 8.540000)", "Milk (47.360000, 8.540000)"],
            "\(reply.body)")
        reply = try await post(server, location(47.30, 8.54, tst + 10))
        #expect(reply.body == "[]")
        #expect(server.stop() == 0)
    }

    @Test func aPhoneIsSentOnlyThePlacesOfItsPerson() async throws {
        try sandbox.ok("account", "add", "anna", "--admin")
        try sandbox.ok("account", "add", "ben")
        _ = try sandbox.add("Shop", "--latitude", "47.36", "--longitude", "8.54", "--account", "anna")
        _ = try sandbox.add("Gym", "--latitude", "47.37", "--longitude", "8.54", "--account", "ben")
        let benPhone = try sandbox.ok("token", "create", "ben-phone", "--scope", "ingest", "--account", "ben")
            .trimmingCharacters(in: .newlines)
        let server = try ServerProcess(sandbox)
        let reply = try await server.send(
            "POST", "/owntracks", body: location(47.30, 8.54, t0),
            headers: [
                "Authorization": ServerProcess.basic("ben", benPhone), "X-Limit-U": "ben", "X-Limit-D": "phone",
                "Content-Type": "application/json",
            ])
        let messages = try decoded(reply)
        #expect(messages.count == 1 && messages.first?.commandWaypoints?.map(\.desc) == ["Gym (47.370000, 8.540000)"], "\(reply.body)")
        #expect(server.stop() == 0)
    }
}

/// One element of a reply as Android's Jackson classes type it (owntracks/android
/// `model/messages`): `MessageTransition` (`tst`, `wtst` Long; `acc` Float; `lat`, `lon` Double;
/// `event`, `desc`, `tid`, `t` String), `MessageCmd` with `MessageWaypoints` of `MessageWaypoint`
/// (`tst` Long, `rad` Int, `desc` required). Any other `_type` or `action` fails to decode, as
/// Android's parser fails the whole array.
enum AndroidReplyMessage: Decodable, Equatable {
    case transition(event: String, desc: String, tst: Int64, wtst: Int64, rid: String, acc: Float, lat: Double, lon: Double)
    case setWaypoints([Waypoint])

    struct Waypoint: Decodable, Equatable {
        var type: String
        var desc: String
        var lat: Double
        var lon: Double
        var rad: Int
        var tst: Int64
        var rid: String

        enum CodingKeys: String, CodingKey {
            case type = "_type"
            case desc, lat, lon, rad, tst, rid
        }
    }

    struct Collection: Decodable {
        var type: String
        var waypoints: [Waypoint]

        enum CodingKeys: String, CodingKey {
            case type = "_type"
            case waypoints
        }
    }

    enum Keys: String, CodingKey {
        case type = "_type"
        case event, desc, tst, wtst, rid, acc, lat, lon, tid, t, action, waypoints
    }

    enum Refusal: Error { case unknown(String) }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "transition":
            // iOS skips t "b" (a beacon) and names the notification after tid and tst.
            guard try container.decode(String.self, forKey: .t) == "c", try container.decode(String.self, forKey: .tid) == "gr" else {
                throw Refusal.unknown("t or tid")
            }
            self = .transition(
                event: try container.decode(String.self, forKey: .event), desc: try container.decode(String.self, forKey: .desc),
                tst: try container.decode(Int64.self, forKey: .tst), wtst: try container.decode(Int64.self, forKey: .wtst),
                rid: try container.decode(String.self, forKey: .rid), acc: try container.decode(Float.self, forKey: .acc),
                lat: try container.decode(Double.self, forKey: .lat), lon: try container.decode(Double.self, forKey: .lon))
        case "cmd":
            let action = try container.decode(String.self, forKey: .action)
            guard action == "setWaypoints" else { throw Refusal.unknown(action) }
            let collection = try container.decode(Collection.self, forKey: .waypoints)
            guard collection.type == "waypoints", collection.waypoints.allSatisfy({ $0.type == "waypoint" }) else {
                throw Refusal.unknown("waypoints")
            }
            self = .setWaypoints(collection.waypoints)
        case let other:
            throw Refusal.unknown(other)
        }
    }

    var commandWaypoints: [Waypoint]? {
        if case .setWaypoints(let waypoints) = self { waypoints } else { nil }
    }
}
