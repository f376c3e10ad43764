import Foundation
import GeoReminders
import TraceFormats

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `georemind serve` (the release binary, as users run it) against 10,000 location reminders
/// around Berlin, loaded by wrk on loopback with keep-alive: single-fix OwnTracks posts from
/// 1,000 devices flat out and paced at about 2,000 requests/s, Overland batches of 200 fixes, and
/// the same OwnTracks load against a bare Hummingbird handler in the same run. Every request is
/// answered only after its fixes are committed, so requests/s are acknowledged requests/s.
struct ServeBenchmark {
    let georemind: String
    let seconds: Int

    func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-bench-serve-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storePath = directory.appendingPathComponent("store.sqlite").path
        let store = try ReminderStore(path: storePath)
        try Self.seed(store, count: 10_000)
        let token = try store.createToken(name: "bench", scope: .ingest)
        let basic = "Basic " + Data("bench:\(token)".utf8).base64EncodedString()

        let server = try ServerProcess(georemind: georemind, storePath: storePath, log: directory.appendingPathComponent("serve.log"))
        defer { server.stop() }
        let bare = try runAsync { try await BareServer.start() }

        let owntracks = try script(directory, "owntracks.lua", Self.owntracks(authorization: basic, delay: nil, devicePrefix: "t"))
        let paced = try script(directory, "owntracks-paced.lua", Self.owntracks(authorization: basic, delay: 10, devicePrefix: "p"))
        let overland = try script(directory, "overland.lua", Self.overland(authorization: "Bearer \(token)"))

        let full = try WrkRun.run(
            url: "http://127.0.0.1:\(server.port)", script: owntracks, threads: 2, connections: 64, seconds: seconds, latency: true)
        let commits = Self.commitBatches(port: server.port)
        let floor = try WrkRun.run(
            url: "http://127.0.0.1:\(bare)", script: owntracks, threads: 2, connections: 64, seconds: seconds, latency: true)
        let steady = try WrkRun.run(
            url: "http://127.0.0.1:\(server.port)", script: paced, threads: 2, connections: 21, seconds: seconds, latency: true)
        let batches = try WrkRun.run(
            url: "http://127.0.0.1:\(server.port)", script: overland, threads: 2, connections: 16, seconds: seconds, latency: true)

        func line(_ name: String, _ run: WrkRun, unit: Double = 1, what: String = "requests/s") -> String {
            String(
                format: "%@: %.0f %@, p50 %.2f ms, p99 %.2f ms, non-2xx %d, socket errors %d",
                name, run.requestsPerSecond * unit, what, run.p50 ?? .nan, run.p99 ?? .nan, run.non2xx, run.errors)
        }
        print(line("owntracks, 1,000 devices, 64 connections, flat out", full))
        print(String(format: "  group commits meanwhile: %.0f, %.1f requests each on average", commits.count, commits.mean))
        print(line("bare Hummingbird handler, same load", floor))
        print(String(format: "ratio to the bare handler: %.2f", full.requestsPerSecond / floor.requestsPerSecond))
        print(line("owntracks paced (21 connections, 10 ms between requests; other devices)", steady))
        print(line("overland batches of 200 fixes, 16 connections", batches, unit: 200, what: "fixes/s"))
        // What the server counted: every fix admitted, none rejected as a duplicate or out of order.
        let metrics = (try? String(contentsOf: URL(string: "http://127.0.0.1:\(server.port)/metrics")!, encoding: .utf8)) ?? ""
        for line in metrics.split(separator: "\n") where line.hasPrefix("georemind_fixes_") || line.hasPrefix("georemind_alarms_fired") {
            print("  " + line)
        }
    }

    /// How many group commits the server made so far, and their mean size in requests
    /// (the `commit_batch` histogram of /metrics).
    static func commitBatches(port: Int) -> (count: Double, mean: Double) {
        let text = (try? String(contentsOf: URL(string: "http://127.0.0.1:\(port)/metrics")!, encoding: .utf8)) ?? ""
        func value(_ prefix: String) -> Double {
            for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
                return Double(line.split(separator: " ").last ?? "") ?? 0
            }
            return 0
        }
        let count = value("georemind_commit_batch_requests_count")
        return (count, count > 0 ? value("georemind_commit_batch_requests_sum") / count : 0)
    }

    /// 10,000 location reminders, 50–500 m, arriving or leaving, spread over 50 × 50 km of Berlin.
    static func seed(_ store: ReminderStore, count: Int) throws {
        var generator = SplitMix64(seed: 2026)
        for index in 0..<count {
            let place = StructuredLocation(
                title: "Place \(index)", latitude: 52.3 + generator.unit() * 0.45, longitude: 13.1 + generator.unit() * 0.73,
                radius: 50 + generator.unit() * 450)
            let alarm = Alarm(trigger: .location(location: place, proximity: generator.unit() < 0.5 ? .enter : .leave))
            _ = try store.save(Reminder(title: "Reminder \(index)", alarms: [alarm]), commit: false)
        }
        try store.commit()
    }

    func script(_ directory: URL, _ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Each wrk thread posts for its own 500 devices in turn; each device's `tst` rises by one
    /// second a round, so no fix is a duplicate or out of order, and it moves about 10 m a round.
    static func owntracks(authorization: String, delay: Int?, devicePrefix: String) -> String {
        """
        local threads = 0
        function setup(thread)
          thread:set("tid", threads)
          threads = threads + 1
        end
        -- Device n starts somewhere in the 50 x 50 km box and moves about 10 m a step on its own
        -- heading, turning back at the edges: a track, as phones report it.
        local function fold(x, low, span)
          return low + span - math.abs(((x - low) % (2 * span)) - span)
        end
        local function position(n, step)
          local angle = (n * 137) % 360 * math.pi / 180
          local lat = 52.3 + ((n * 7919) % 10007) / 10007 * 0.45 + step * 0.00009 * math.cos(angle)
          local lon = 13.1 + ((n * 104729) % 10009) / 10009 * 0.73 + step * 0.00015 * math.sin(angle)
          return fold(lat, 52.3, 0.45), fold(lon, 13.1, 0.73)
        end
        local counter = 0
        function request()
          counter = counter + 1
          local device = counter % 500
          local round = math.floor(counter / 500)
          local lat, lon = position(tid * 500 + device, round)
          local body = string.format('{"_type":"location","lat":%.6f,"lon":%.6f,"tst":%d,"acc":10,"tid":"bn"}', lat, lon, 1700000000 + round)
          local headers = {["Content-Type"] = "application/json", ["Authorization"] = "\(authorization)",
                           ["X-Limit-U"] = "bench", ["X-Limit-D"] = string.format("\(devicePrefix)%d-d%d", tid, device)}
          return wrk.format("POST", "/owntracks", headers, body)
        end
        \(delay.map { "function delay() return \($0) end" } ?? "")
        """
    }

    /// Batches of 200 points a second apart along the device's track, one device per request in
    /// turn, each batch later than the device's last.
    static func overland(authorization: String) -> String {
        """
        local threads = 0
        function setup(thread)
          thread:set("tid", threads)
          threads = threads + 1
        end
        -- Device n starts somewhere in the 50 x 50 km box and moves about 10 m a step on its own
        -- heading, turning back at the edges: a track, as phones report it.
        local function fold(x, low, span)
          return low + span - math.abs(((x - low) % (2 * span)) - span)
        end
        local function position(n, step)
          local angle = (n * 137) % 360 * math.pi / 180
          local lat = 52.3 + ((n * 7919) % 10007) / 10007 * 0.45 + step * 0.00009 * math.cos(angle)
          local lon = 13.1 + ((n * 104729) % 10009) / 10009 * 0.73 + step * 0.00015 * math.sin(angle)
          return fold(lat, 52.3, 0.45), fold(lon, 13.1, 0.73)
        end
        local counter = 0
        function request()
          counter = counter + 1
          local device = counter % 50
          local round = math.floor(counter / 50)
          local parts = {}
          for i = 0, 199 do
            local lat, lon = position(tid * 50 + device, round * 200 + i)
            local stamp = os.date("!%Y-%m-%dT%H:%M:%SZ", 1700000000 + round * 200 + i)
            parts[#parts + 1] = string.format('{"type":"Feature","geometry":{"type":"Point","coordinates":[%.6f,%.6f]},"properties":{"timestamp":"%s","horizontal_accuracy":10,"device_id":"t%d-o%d"}}', lon, lat, stamp, tid, device)
          end
          local body = '{"locations":[' .. table.concat(parts, ",") .. ']}'
          local headers = {["Content-Type"] = "application/json", ["Authorization"] = "\(authorization)"}
          return wrk.format("POST", "/overland", headers, body)
        end
        """
    }
}

/// The release `georemind serve` in a child process on a free loopback port.
final class ServerProcess {
    let process = Process()
    let port: Int

    /// `delivering`: with the outbox's dispatcher, which the ingestion figures leave out.
    init(georemind: String, storePath: String, log: URL, arguments: [String] = [], delivering: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: georemind)
        process.arguments = ["serve", "--port", "0", "--log-level", "error"] + (delivering ? [] : ["--no-deliver"]) + arguments
        process.environment = ["GEOREMIND_STORE": storePath, "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        try Data().write(to: log)
        let handle = try FileHandle(forWritingTo: log)
        process.standardError = handle
        try process.run()
        var found: Int?
        let deadline = Date().addingTimeInterval(30)
        while found == nil, Date() < deadline, process.isRunning {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "listening on http://127.0.0.1:") {
                found = Int(text[range.upperBound...].prefix { $0.isNumber })
            } else {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        guard let found else { throw BenchError.serverDidNotStart((try? String(contentsOf: log, encoding: .utf8)) ?? "") }
        port = found
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// As a crash: no shutdown, no checkpoint.
    func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// A small deterministic generator, so every run loads the same reminders.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// Runs async work from synchronous code and returns its result.
func runAsync<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let result = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { result.set(.success(try await body())) } catch { result.set(.failure(error)) }
        done.signal()
    }
    done.wait()
    return try result.get()
}

/// Carries a result across the semaphore in ``runAsync(_:)``.
final class ResultBox<T: Sendable>: @unchecked Sendable {
    // @unchecked: written once before the semaphore is signalled, read after it is waited on.
    private var value: Result<T, any Error>?
    func set(_ result: Result<T, any Error>) { value = result }
    func get() throws -> T { try value!.get() }
}
