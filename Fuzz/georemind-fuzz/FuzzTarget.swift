import CalDAV
import CivilTime
import FixStreams
import Foundation
import GeoReminders
import GeofenceEngine
import ICalendar
import LocationProtocols
import MapData
import ReminderViews
import Synchronization
import TraceFormats

/// One parser or decoder a stranger's bytes reach, run on one input. A target may throw (a typed
/// error is the right answer to bad input); crashing, hanging or exhausting memory is the bug
/// libFuzzer looks for.
struct FuzzTarget: Sendable {
    let name: String
    /// Files or folders under `Fixtures/` whose contents seed the corpus; inputs that once
    /// crashed a target are kept in `Fixtures/fuzz/crashes/<name>/` and replayed by `make test`.
    let seeds: [String]

    /// `Fixtures/` of the source tree this binary was built from.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The seed paths and the kept crashes, as paths.
    var corpus: [String] {
        (seeds + ["fuzz/crashes/\(name)"]).map { Self.fixtures.appendingPathComponent($0).path }
    }
    let run: @Sendable (Data) throws -> Void

    static let all: [FuzzTarget] = [
        FuzzTarget(name: "trace", seeds: ["traces", "cli"], run: readTrace),
        FuzzTarget(name: "evaluate", seeds: ["traces", "cli", "fuzz/evaluate"], run: evaluateTrace),
        FuzzTarget(name: "sniff", seeds: ["traces"]) { data in _ = TraceFormat.sniff(data) },
        FuzzTarget(name: "icalendar", seeds: ["ical"]) { data in _ = try ICalReader.components(from: data) },
        FuzzTarget(name: "vtodo", seeds: ["ical"], run: importVTODOs),
        FuzzTarget(name: "rrule", seeds: ["fuzz/rrule"], run: expandRule),
        FuzzTarget(name: "values", seeds: ["fuzz/values"]) { data in
            // The values people type on the command line: lengths, spans, speeds, dates.
            let text = String(decoding: data, as: UTF8.self)
            _ = try? Length(parsing: text)
            _ = try? TimeSpan(parsing: text)
            _ = try? Speed(parsing: text)
            _ = try? CivilDateTime(iso8601: text, timeZone: nil)
            _ = try? RecurrenceRule(shorthand: text)
        },
        FuzzTarget(name: "mapdata", seeds: ["MapData.json"]) { data in _ = try MapDataCatalog(data: data, file: "fuzz") },
        FuzzTarget(name: "location", seeds: ["fuzz/location"], run: decodeLocationRequest),
        FuzzTarget(name: "phone", seeds: ["fuzz/phone"], run: evaluatePhoneSession),
        FuzzTarget(name: "apibody", seeds: ["fuzz/apibody"]) { data in
            // What `serve` reads from a request body: a reminder draft, and an outline within it.
            _ = try? JSONDecoder().decode(ReminderDraftJSON.self, from: data)
            _ = try? PlaceArea(geoJSON: String(decoding: data, as: UTF8.self))
        },
        FuzzTarget(name: "caldav", seeds: ["fuzz/caldav"], run: answerCalDAVRequest),
    ]

    /// What a CalDAV client sends to `/dav/`: the first byte picks the method (and a path), the
    /// rest is the body, answered by the CalDAV front over an in-memory store.
    private static func answerCalDAVRequest(_ data: Data) throws {
        guard let selector = data.first else { return }
        let methods = ["PROPFIND", "REPORT", "PUT", "PROPPATCH", "MKCALENDAR", "MKCOL"]
        let method = methods[Int(selector) % methods.count]
        let list = "/dav/calendars/default/" + ((try? store.defaultList().id) ?? "x") + "/"
        let path = method == "PUT" ? list + "fuzz.ics" : method.hasPrefix("MK") ? "/dav/calendars/default/fuzz/" : list
        let request = DAVRequest(method: method, path: path, headers: ["Depth": "1"], body: Array(data.dropFirst()))
        _ = calDAV.respond(request, privileges: .readWrite)
    }

    private static let calDAV = CalDAVService(access: store)

    /// What each location app sends to `serve`: the first byte picks the decoder, the rest is the
    /// body (OwnTracks, Overland, OsmAnd's form or JSON) or the query (OsmAnd, GPSLogger).
    private static func decodeLocationRequest(_ data: Data) throws {
        guard let selector = data.first else { return }
        let rest = Array(data.dropFirst())
        let text = Substring(String(decoding: rest, as: UTF8.self))
        switch selector % 5 {
        case 0: _ = try OwnTracksMessage.decode(body: rest, limitUser: "u", limitDevice: "d", basicUser: "u")
        case 1: _ = try OverlandBatch.decode(body: rest, defaultDevice: "phone")
        case 2: _ = try OsmAndRequest.decode(query: text, body: [], contentType: nil)
        case 3:
            _ = try OsmAndRequest.decode(
                query: "", body: rest, contentType: selector & 8 == 0 ? "application/json" : "application/x-www-form-urlencoded")
        default: _ = try GPSLoggerRequest.decode(query: text, defaultDevice: "phone")
        }
    }

    /// Every reader through the sniffer, gzip included: the bytes go through a file, as `feed` reads them.
    /// Read again through a two-thread pipeline as `feed` does (CSV rows parsed in runs of 16 bytes
    /// on either thread): the fixes, report or error must be the same.
    private static func readTrace(_ data: Data) throws {
        let path = scratch.appendingPathComponent("input").path
        try data.write(to: URL(fileURLWithPath: path))
        var reader = TraceReader(path: path)
        reader.csvChunkBytes = 16
        var fixes: [Fix] = []
        let serial = Result { try reader.read { fixes.append($0) } }
        let seen = Mutex<[(position: Int, fix: Fix)]>([])
        let parallel = Result {
            try FixPipeline.start(
                consumers: 2, batchSize: 5, depth: 1,
                producer: { [reader] sink in try reader.read(into: sink) }
            ).consume { _, batch in
                seen.withLock { for (index, fix) in batch.fixes.enumerated() { $0.append((batch.position(of: index), fix)) } }
            }
        }
        let piped = seen.withLock { $0 }.sorted { $0.position < $1.position }.map(\.fix)
        switch (serial, parallel) {
        case let (.success(one), .success(other)): precondition(one == other && fixes == piped, "the pipeline read differently")
        case let (.failure(one), .failure(other)):
            precondition(one as? TraceError == other as? TraceError && fixes == piped, "the pipeline failed differently")
        default: preconditionFailure("the pipeline read \(parallel), alone \(serial)")
        }
        _ = try serial.get()
    }

    /// The whole of `feed`: bytes through the readers, evaluated against reminders whose places
    /// and times the trace itself reaches (so fuzzed fixes cross fences and pass timed alarms), and
    /// every event printed as `feed` prints it, JSON and readable. The parsers alone never reached
    /// the event id's time conversion that a fix at `1e17` seconds trapped in.
    private static func evaluateTrace(_ data: Data) throws {
        let path = scratch.appendingPathComponent("evaluate").path
        try data.write(to: URL(fileURLWithPath: path))
        var fixes: [Fix] = []
        try TraceReader(path: path).read { fix in if fixes.count < 4096 { fixes.append(fix) } }
        let store = try ReminderStore.workingCopy()
        let placed = fixes.filter(\.coordinate.isValid)
        let anchors = [placed.first, placed.dropFirst(placed.count / 2).first, placed.last].compactMap { $0 }
        for (n, anchor) in anchors.enumerated() {
            let place = StructuredLocation(
                title: "Place \(n)", latitude: anchor.coordinate.latitude, longitude: anchor.coordinate.longitude,
                radius: [30, 150, 1000][n])
            var alarms = [
                Alarm(trigger: .location(location: place, proximity: .enter)),
                Alarm(trigger: .location(location: place, proximity: .leave)),
            ]
            if let time = anchor.time { alarms.append(.absolute(time)) }
            // A reminder the store's rules refuse (a time alarm in the year 3e9, say) is not stored.
            _ = try? store.save(Reminder(title: "Reminder \(n)", priority: n, alarms: alarms))
        }
        let evaluator = try AlarmEvaluator(store: store, mode: .dryRun, floatingZone: TimeZone(identifier: "UTC")!)
        var text = JSONText()
        let print: (AlarmEvent) -> Void = { event in printed(event, into: &text) }
        try evaluator.feed(fixes, emit: print)
        _ = try evaluator.finish(emit: print)
    }

    /// A phone's session, whole: each line one OwnTracks message through the decoder, its fixes
    /// admitted and its crossings corroborated by a live evaluator against reminders placed where
    /// the messages are, each commit's events printed as `feed` prints them and as the phone's
    /// alert. A fuzzed `rid` or `wtst` rarely names a region, so each crossing is also offered as a
    /// word of one of those reminders' regions.
    private static func evaluatePhoneSession(_ data: Data) throws {
        enum Message {
            case fix(Fix)
            case crossing(ReportedCrossing)
        }
        var messages: [Message] = []
        for line in data.split(separator: 0x0A).prefix(256) {
            guard let report = try? OwnTracksMessage.decode(body: Array(line), limitUser: "u", limitDevice: "d", basicUser: nil) else {
                continue
            }
            messages += report.fixes.map(Message.fix) + report.crossings.map(Message.crossing)
        }
        let store = try ReminderStore.workingCopy()
        var places: [(reminderID: String, alarmIDs: [String])] = []
        for message in messages.prefix(8) {
            let coordinate: Coordinate
            switch message {
            case .fix(let fix): coordinate = fix.coordinate
            case .crossing(let crossing): coordinate = crossing.fix.coordinate
            }
            guard coordinate.isValid else { continue }
            let place = StructuredLocation(
                title: "Place \(places.count)", latitude: coordinate.latitude, longitude: coordinate.longitude,
                radius: [30, 150, 1000][places.count % 3])
            let alarms = [
                Alarm(trigger: .location(location: place, proximity: .enter)),
                Alarm(trigger: .location(location: place, proximity: .leave)),
            ]
            guard let saved = try? store.save(Reminder(title: "Reminder \(places.count)", alarms: alarms)) else { continue }
            places.append((saved.id, saved.alarms.map(\.id)))
        }
        let evaluator = try AlarmEvaluator(store: store, mode: .commit, floatingZone: TimeZone(identifier: "UTC")!, checkpointInterval: 0)
        evaluator.advanceClock(to: Date())
        var text = JSONText()
        let print: (AlarmEvent) -> Void = { event in printed(event, into: &text) }
        for message in messages {
            switch message {
            case .fix(let fix):
                _ = try evaluator.admit(fix)
            case .crossing(var crossing):
                _ = try evaluator.corroborate(crossing)
                guard !places.isEmpty else { continue }
                let stamp = crossing.regionStamp ?? 0
                let place = places[Int(UInt(bitPattern: stamp) % UInt(places.count))]
                let alarmID = place.alarmIDs[Int(UInt(bitPattern: stamp / 7) % UInt(place.alarmIDs.count))]
                crossing.regionID = crossing.regionID == nil ? nil : PhoneRegion.id(reminderID: place.reminderID, alarmID: alarmID)
                crossing.regionStamp = PhoneRegion.stamp(reminderID: place.reminderID, alarmID: alarmID)
                _ = try evaluator.corroborate(crossing)
            }
            try evaluator.commitLive(emit: print)
        }
        for event in try store.outboxEvents(devices: ["u/d"], after: 0, limit: 1000) {
            _ = PhoneAlert(event)
        }
    }

    /// An event as `feed` prints it, JSON and readable (in a zone 12:45 ahead of UTC).
    private static func printed(_ event: AlarmEvent, into text: inout JSONText) {
        let view = AlarmEventJSON(event)
        view.write(to: &text)
        text.endLine()
        _ = view.line(in: chatham)
    }

    private static let chatham = TimeZone(identifier: "Pacific/Chatham")!

    /// The VTODO and VALARM decoders and the reminder rules, in a dry-run import into memory.
    private static func importVTODOs(_ data: Data) throws {
        _ = try store.importICalendar(data, fileName: "fuzz.ics", options: ICalendarImportOptions(dryRun: true))
    }

    /// The RRULE reader, then the expander over a bounded preview from a fixed start.
    private static func expandRule(_ data: Data) throws {
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        let rule = try RecurrenceRule(rrule: text)
        let start = CivilDateTime(
            year: 2026, month: 1, day: 31, time: TimeOfDay(hour: 2, minute: 30),
            timeZone: TimeZone(identifier: "America/New_York"))
        _ = rule.preview(from: start, count: 50)
    }

    private static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// One store for every input: a dry-run import writes nothing to it.
    private static let store = try! ReminderStore.inMemory()
}
