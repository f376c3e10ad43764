import Delivery
import Foundation
import TestSupport
import Testing

/// `georemind serve` end to end: the built binary on a loopback port, each client's real request
/// shape, alarms checked in the store; on either engine (on PostgreSQL a fix is evaluated after it
/// is acknowledged, by its partition's owner, so alarms are waited for).
@Suite(.serialized) struct ServeCommandTests {
    let sandbox: CLISandbox
    let token: String

    init() throws {
        sandbox = try CLISandbox()
        token = try sandbox.ok("token", "create", "phones", "--scope", "ingest").trimmingCharacters(in: .newlines)
        try sandbox.ok("device", "add", "tracker", "--id", "trk-1")
        try sandbox.ok("device", "add", "old-phone", "--id", "trk-2")
        try sandbox.ok("device", "add", "osmand-app", "--id", "trk-3")
        try sandbox.ok("device", "add", "traccar-9", "--id", "trk-4")
    }

    /// A reminder arriving at (lat, 20.0), 100 m; returns its id.
    func place(_ latitude: Double) throws -> String {
        try sandbox.add("At \(latitude)", "--latitude", "\(latitude)", "--longitude", "20.0", "--radius", "100")
    }

    /// The reminder's alarm fired, now or within 20 s (a PostgreSQL partition's owner evaluates the
    /// fixes waiting in its inbox at its next turn; a killed owner's lease must lapse first).
    func fired(_ id: String) async throws -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while true {
            if try firedNow(id) { return true }
            guard Date() < deadline else { return false }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    func firedNow(_ id: String) throws -> Bool {
        try sandbox.ok("show", id, "--json").contains(#""firedDate""#)
    }

    @Test func everyClientVariantFiresItsAlarm() async throws {
        var ids: [String: String] = [:]
        let variants = ["traccar10", "traccar9", "traccarOld", "osmandGet", "ownAndroid", "ownIOS", "overland", "gpslogger"]
        for (index, name) in variants.enumerated() { ids[name] = try place(10 + Double(index)) }
        let server = try ServerProcess(sandbox)
        let bearer = ["Authorization": "Bearer \(token)"]
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        // Each device: a fix outside (lon 20.01, 1.1 km east), then one at the centre.
        for (step, lon) in [(0, 20.01), (1, 20.0)] {
            let t = 1_700_000_000 + step * 60
            let iso = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(t)))
            var reply = try await server.send(
                "POST", "/osmand",
                body: "id=trk-1&timestamp=\(t)&lat=10.0&lon=\(lon)&speed=0.0&bearing=0.0&altitude=0.0&accuracy=5.0&batt=80.0&charge=false",
                headers: form)
            #expect(reply.status == 200 && reply.body.isEmpty)
            reply = try await server.send(
                "POST", "/osmand",
                body:
                    #"{"location":{"timestamp":"\#(iso)","coords":{"latitude":11.0,"longitude":\#(lon),"accuracy":5,"speed":0,"heading":0,"altitude":0},"is_moving":true,"battery":{"level":0.5,"is_charging":false}},"device_id":"trk-4"}"#,
                headers: ["Content-Type": "application/json"])
            #expect(reply.status == 200)
            reply = try await server.send(
                "POST", "/osmand?id=trk-2&timestamp=\(t)&lat=12.0&lon=\(lon)&speed=0.0&bearing=0.0&altitude=0.0&accuracy=0.0&batt=80.0")
            #expect(reply.status == 200)
            reply = try await server.send("GET", "/osmand?deviceid=trk-3&lat=13.0&lon=\(lon)&timestamp=\(t)000&hdop=4&altitude=0&speed=0")
            #expect(reply.status == 200)
            reply = try await server.send(
                "POST", "/owntracks",
                body:
                    #"{"_type":"location","acc":10,"alt":50,"batt":80,"bs":1,"conn":"w","lat":14.0,"lon":\#(lon),"tid":"an","tst":\#(t),"vel":0,"topic":"owntracks/ann/pixel","created_at":\#(t)}"#,
                headers: [
                    "Authorization": ServerProcess.basic("ann", token), "X-Limit-U": "Ann", "X-Limit-D": "Pixel",
                    "Content-Type": "application/json",
                ])
            // The body carries the phone's regions and alerts (OwnTracksReplyTests); here only that it is accepted.
            #expect(reply.status == 200 && reply.body.hasPrefix("["))
            reply = try await server.send(
                "POST", "/owntracks",
                body: #"{"_type":"location","acc":10,"lat":15.0,"lon":\#(lon),"tid":"io","tst":\#(t),"vel":0,"batt":50,"bs":1}"#,
                headers: ["Authorization": ServerProcess.basic("bob", token), "Content-Type": "application/json"])
            #expect(reply.status == 200 && reply.body.hasPrefix("["))
            let feature =
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),16.0]},"properties":{"timestamp":"\#(iso)","horizontal_accuracy":5,"speed":0,"battery_level":0.8,"device_id":"iphone"}}"#
            reply = try await server.send(
                "POST", "/overland", body: #"{"locations":[\#(feature)],"current":\#(feature)}"#,
                headers: bearer.merging(["Content-Type": "application/json"]) { $1 })
            #expect(reply.status == 200 && reply.body == #"{"result":"ok"}"# && reply.contentType == "application/json")
            reply = try await server.send(
                "GET", "/gpslogger?device=moto&lat=17.0&lon=\(lon)&time=\(iso)&timestamp=\(t)&acc=5&alt=0&spd=0&dir=0&batt=80&aid=x",
                headers: bearer)
            #expect(reply.status == 200)
        }
        for name in variants { #expect(try await fired(ids[name]!), "\(name)") }
        #expect(server.stop() == 0)
        #expect(server.log.contains("checkpointed at shutdown"))
        // The server wrote when the token was used and each device was seen.
        #expect(try sandbox.ok("token", "list").contains("last used 20"))
        let devices = try sandbox.ok("device", "list")
        #expect(devices.contains("trk-1") && !devices.contains("never"), "\(devices)")
    }

    @Test func firedAlarmsReachAWebhookFromTheServerEvenAfterRetries() async throws {
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
        let ids = [try place(60), try place(61)]
        let receiver = try await WebhookReceiver(script: [500, 500])
        try sandbox.ok("webhook", "add", receiver.url, "--secret", secret)
        let server = try ServerProcess(sandbox, arguments: ["--retry-base", "0.1s"])
        let now = Int(Date().timeIntervalSince1970)
        // A fresh fix outside, then inside: an on-time arrival. Then an hour-old backlog on another device: late.
        let fixes = [
            ("moto", 60, now - 60, 20.01), ("moto", 60, now, 20.0), ("old", 61, now - 3_660, 20.01), ("old", 61, now - 3_600, 20.0),
        ]
        for (device, lat, t, lon) in fixes {
            let reply = try await server.send(
                "GET", "/gpslogger?device=\(device)&lat=\(lat)&lon=\(lon)&timestamp=\(t)", headers: ["Authorization": "Bearer \(token)"])
            #expect(reply.status == 200)
        }
        let requests = try await receiver.wait(timeout: 60) { $0.filter { $0.status == 200 }.count == 2 }
        #expect(server.stop() == 0)
        try await receiver.stop()
        let accepted = requests.filter { $0.status == 200 }
        #expect(requests.count == 4)
        // The two failed attempts carried the same webhook-id as the delivery that succeeded.
        #expect(Set(requests.map(\.id)).count == 2)
        let bodies = accepted.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies.filter { $0.contains(#""late":false"#) && $0.contains(#""device":"moto""#) }.count == 1, "\(bodies)")
        #expect(bodies.filter { $0.contains(#""late":true"#) && $0.contains(#""device":"old""#) }.count == 1, "\(bodies)")
        #expect(bodies.filter { $0.contains(ids[0]) }.count == 1 && bodies.filter { $0.contains(ids[1]) }.count == 1)
        let key = try WebhookSecret(parsing: secret)
        for request in requests {
            try WebhookSignature.verify(
                id: request.id, timestamp: request.timestamp, signature: request.signature, body: request.body, secret: key)
        }
    }

    @Test func refusalsAndCounts() async throws {
        let id = try place(30)
        let server = try ServerProcess(sandbox)
        let overland =
            #"{"locations":[{"type":"Feature","geometry":{"type":"Point","coordinates":[20.0,95]},"properties":{"timestamp":"2023-11-14T22:13:20Z"}}]}"#
        // No token, a wrong token, an unknown OsmAnd id: nothing anonymous, nothing leaked.
        #expect(try await server.send("POST", "/overland", body: overland).status == 401)
        #expect(try await server.send("POST", "/overland", body: overland, headers: ["Authorization": "Bearer nope"]).status == 401)
        #expect(try await server.send("GET", "/osmand?id=nope&lat=30&lon=20&timestamp=1700000000").status == 404)
        // lat 95 is a 400 with a one-line JSON error, except for OwnTracks, whose iOS app drops a message on 4xx.
        let bad = try await server.send("POST", "/overland", body: overland, headers: ["Authorization": "Bearer \(token)"])
        #expect(bad.status == 400 && bad.body == #"{"error":"field 'locations[0] latitude': '95' is out of range or unreadable"}"#)
        let own = try await server.send("POST", "/owntracks", body: "{lat", headers: ["Authorization": ServerProcess.basic("a", token)])
        #expect(own.status == 200 && own.body == "[]")
        // A retried request fires nothing twice and is counted as a duplicate.
        for lon in [20.01, 20.0, 20.0] {
            let reply = try await server.send(
                "GET", "/gpslogger?device=moto&lat=30&lon=\(lon)&timestamp=\(lon == 20.01 ? 1_700_000_000 : 1_700_000_060)",
                headers: ["Authorization": "Bearer \(token)"])
            #expect(reply.status == 200)
        }
        #expect(try await fired(id))
        #expect(try await server.send("GET", "/healthz").status == 200)
        #expect(try await server.send("GET", "/readyz").status == 200)
        // On SQLite the request's evaluation is the server's own, counted at once, and one server
        // owns a store's evaluation (on PostgreSQL, partitions' owners count and several serve).
        if CLISandbox.usesStoreFile {
            let metrics = try await server.send("GET", "/metrics").body
            #expect(metrics.contains(#"georemind_fixes_rejected_total{reason="duplicate"} 1"#))
            #expect(metrics.contains(#"georemind_fixes_admitted_total{protocol="gpslogger"} 2"#))
            #expect(metrics.contains(#"georemind_alarms_fired_total{kind="enter"} 1"#))
            #expect(metrics.contains("georemind_devices_seen 1.0"))
            let second = try sandbox.run("serve", "--port", "0")
            #expect(second.status == 1 && second.stderr.hasPrefix("error: another `georemind serve` is evaluating"))
        }
        // A token revoked with the CLI is refused within a second.
        try sandbox.ok("token", "revoke", "phones")
        try await Task.sleep(for: .milliseconds(1200))
        // (Overland's route: a Basic challenge would make URLSession on Linux wait for credentials.)
        #expect(try await server.send("POST", "/overland", body: overland, headers: ["Authorization": "Bearer \(token)"]).status == 401)
        #expect(server.stop() == 0)
    }

    /// Between whole saves of its state the server logs each batch's fixes; after `kill -9` the
    /// restarted server replays them, so a device known to be inside leaves and fires its alarm.
    @Test func stateAcknowledgedBeforeSIGKILLIsReplayedOnRestart() async throws {
        let id = try sandbox.add("Leave 70", "--latitude", "70", "--longitude", "20.0", "--radius", "100", "--when", "leaving")
        let auth = ["Authorization": "Bearer \(token)"]
        let server = try ServerProcess(sandbox)
        for (t, lon) in [(1_700_000_000, 20.01), (1_700_000_060, 20.0)] {
            #expect(try await server.send("GET", "/gpslogger?device=moto&lat=70&lon=\(lon)&timestamp=\(t)", headers: auth).status == 200)
        }
        server.kill9()
        #expect(try !firedNow(id))
        let restarted = try ServerProcess(sandbox)
        #expect(
            try await restarted.send("GET", "/gpslogger?device=moto&lat=70&lon=20.01&timestamp=1700000120", headers: auth).status == 200)
        #expect(try await fired(id))
        #expect(restarted.stop() == 0)
    }

    @Test func reminderAddedWhileServingFiresWithinASecond() async throws {
        let server = try ServerProcess(sandbox)
        let reloads = server.log.components(separatedBy: "reminders reloaded").count
        let id = try place(40)
        // The evaluator takes it up when the change reaches it (about a second on PostgreSQL; a
        // loaded test machine may take longer): fixes posted before that are judged without it.
        let loaded = Date().addingTimeInterval(10)
        while server.log.components(separatedBy: "reminders reloaded").count == reloads, Date() < loaded {
            try await Task.sleep(for: .milliseconds(50))
        }
        for (t, lon) in [(1_700_000_000, 20.01), (1_700_000_060, 20.0)] {
            _ = try await server.send(
                "GET", "/gpslogger?device=moto&lat=40&lon=\(lon)&timestamp=\(t)", headers: ["Authorization": "Bearer \(token)"])
        }
        #expect(try await fired(id))
        #expect(server.stop() == 0)
    }

    @Test func acknowledgedFixesSurviveSIGKILLAndRetriesFireNothingTwice() async throws {
        let ids = try (0..<20).map { try place(50 + Double($0) * 0.1) }
        let server = try ServerProcess(sandbox)
        let auth = ["Authorization": "Bearer \(token)"]
        // 20 devices, concurrently: each a fix outside then one inside its reminder's place.
        var acknowledged: Set<Int> = []
        await withTaskGroup(of: (Int, Bool).self) { group in
            for device in 0..<20 {
                group.addTask {
                    let lat = 50 + Double(device) * 0.1
                    for (t, lon) in [(1_700_000_000, 20.01), (1_700_000_060, 20.0)] {
                        guard
                            let reply = try? await server.send(
                                "GET", "/gpslogger?device=d\(device)&lat=\(lat)&lon=\(lon)&timestamp=\(t)", headers: auth),
                            reply.status == 200
                        else { return (device, false) }
                    }
                    return (device, true)
                }
            }
            for await (device, ok) in group where ok { acknowledged.insert(device) }
        }
        server.kill9()
        #expect(acknowledged.count == 20)
        // On PostgreSQL what was acknowledged waits in the partitions' inboxes for the next owner.
        let restarted = try ServerProcess(sandbox)
        for device in acknowledged { #expect(try await fired(ids[device]), "device \(device)") }
        let firedDates = try ids.map { try sandbox.ok("show", $0, "--json") }
        // Clients retry everything: duplicates, nothing fired again.
        for device in 0..<20 {
            let lat = 50 + Double(device) * 0.1
            for (t, lon) in [(1_700_000_000, 20.01), (1_700_000_060, 20.0)] {
                #expect(
                    try await restarted.send("GET", "/gpslogger?device=d\(device)&lat=\(lat)&lon=\(lon)&timestamp=\(t)", headers: auth)
                        .status == 200)
            }
        }
        if CLISandbox.usesStoreFile {
            let metrics = try await restarted.send("GET", "/metrics").body
            #expect(!metrics.contains("georemind_alarms_fired_total"))
            // The outside fix is older than the restored last fix (out-of-order), the inside one a duplicate.
            #expect(metrics.contains(#"georemind_fixes_rejected_total{reason="duplicate"} 20"#))
            #expect(metrics.contains(#"georemind_fixes_rejected_total{reason="out-of-order"} 20"#))
        }
        #expect(try ids.map { try sandbox.ok("show", $0, "--json") } == firedDates)
        #expect(restarted.stop() == 0)
    }
}
