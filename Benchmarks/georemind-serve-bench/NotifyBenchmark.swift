import AsyncHTTPClient
import Foundation
import GeoReminders
import NIOCore
import Synchronization
import TestSupport

/// How soon a person's alert leaves: from the HTTP acknowledgement of the OwnTracks fix that fires
/// an alarm to its ntfy request arriving at a receiver on loopback, while wrk posts OwnTracks fixes
/// of 1,000 other devices (32 connections, 10 ms between requests: about 2,000 requests/s on two
/// cores) against 10,000 reminders (their alarms go to the same topic). Probe phones, each with a
/// place of its own far from the load, cross one at a time.
struct NotifyBenchmark {
    let georemind: String
    var probes = 100
    var seconds = 30

    func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-bench-notify-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storePath = directory.appendingPathComponent("store.sqlite").path
        let store = try ReminderStore(path: storePath)
        try ServeBenchmark.seed(store, count: 10_000)
        for index in 0..<probes {
            let place = StructuredLocation(title: "Probe place \(index)", latitude: 10, longitude: 10 + 0.01 * Double(index), radius: 100)
            _ = try store.save(Reminder(title: "Probe \(index)", alarms: [Alarm(trigger: .location(location: place, proximity: .enter))]))
        }
        let token = try store.createToken(name: "bench", scope: .ingest)
        let basic = "Basic " + Data("bench:\(token)".utf8).base64EncodedString()
        let receiver = try runAsync { try await WebhookReceiver() }
        let arrivals = ArrivalTimes()
        receiver.whenReceived { count in arrivals.stamp(count) }
        _ = try store.addChannel(kind: .ntfy, target: "http://127.0.0.1:\(receiver.port)/bench")

        let server = try ServerProcess(
            georemind: georemind, storePath: storePath, log: directory.appendingPathComponent("serve.log"), delivering: true)
        defer { server.stop() }
        let paced = try ServeBenchmark(georemind: georemind, seconds: seconds).script(
            directory, "owntracks-paced.lua", ServeBenchmark.owntracks(authorization: basic, delay: 10, devicePrefix: "p"))
        let (load, url, seconds) = (LoadRun(), "http://127.0.0.1:\(server.port)", seconds)
        let loadThread = Thread {
            load.set(Result { try WrkRun.run(url: url, script: paced, threads: 2, connections: 32, seconds: seconds, latency: true) })
        }
        loadThread.start()
        Thread.sleep(forTimeInterval: 2)
        let (port, probes, spacing) = (server.port, probes, Double(seconds - 4) / Double(probes))
        let acknowledged = try runAsync { try await Self.crossProbes(port: port, authorization: basic, count: probes, spacing: spacing) }
        let result = try load.wait()

        let deadline = Date().addingTimeInterval(30)
        func probeArrivals() -> [Int: UInt64] {
            var found: [Int: UInt64] = [:]
            for (index, request) in receiver.requests.enumerated() {
                guard let title = request.headers["title"], title.hasPrefix("Probe "), let probe = Int(title.dropFirst(6)),
                    let time = arrivals.time(of: index + 1)
                else { continue }
                found[probe] = time
            }
            return found
        }
        var arrived = probeArrivals()
        while arrived.count < probes, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            arrived = probeArrivals()
        }
        let latencies = acknowledged.compactMap { probe, ack in arrived[probe].map { Double(Int64($0) - Int64(ack)) / 1e6 } }.sorted()
        func percentile(_ p: Double) -> Double {
            latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int((p * Double(latencies.count)).rounded(.up)) - 1)]
        }
        print(
            String(
                format: "ingest meanwhile: %.0f requests/s, p99 %.2f ms, non-2xx %d; alerts at the topic in all: %d",
                result.requestsPerSecond, result.p99 ?? .nan, result.non2xx, receiver.requests.count))
        print(
            String(
                format: "fix acknowledged -> ntfy request received, %d of %d probes: p50 %.1f ms, p99 %.1f ms, max %.1f ms",
                latencies.count, probes, percentile(0.5), percentile(0.99), latencies.last ?? .nan))
        let missing = (0..<probes).filter { arrived[$0] == nil }
        if !missing.isEmpty {
            let titles = Set(receiver.requests.compactMap { $0.headers["title"] })
            print(
                "probes without an arrival: "
                    + missing.map { "\($0) (\(titles.contains("Probe \($0)") ? "received, unstamped" : "not received"))" }
                    .joined(separator: ", "))
        }
        try runAsync { try await receiver.stop() }
    }

    /// Each probe phone posts a fix 300 m from its place, then one at it; the second's
    /// acknowledgement time (monotonic nanoseconds) by probe number.
    static func crossProbes(port: Int, authorization: String, count: Int, spacing: Double) async throws -> [Int: UInt64] {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        var acknowledged: [Int: UInt64] = [:]
        do {
            for index in 0..<count {
                let longitude = 10 + 0.01 * Double(index)
                for (step, latitude) in [10.0027, 10.0].enumerated() {
                    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/owntracks")
                    request.method = .POST
                    request.headers.add(name: "Authorization", value: authorization)
                    request.headers.add(name: "Content-Type", value: "application/json")
                    request.headers.add(name: "X-Limit-U", value: "bench")
                    request.headers.add(name: "X-Limit-D", value: "probe-\(index)")
                    request.body = .bytes(
                        ByteBuffer(
                            string:
                                #"{"_type":"location","lat":\#(latitude),"lon":\#(longitude),"tst":\#(1_700_000_000 + step),"acc":10,"tid":"pr"}"#
                        ))
                    let response = try await client.execute(request, timeout: .seconds(10))
                    _ = try await response.body.collect(upTo: 1 << 20)
                    guard response.status == .ok else { throw BenchError.commandFailed("probe post answered \(response.status.code)") }
                    if step == 1 { acknowledged[index] = DispatchTime.now().uptimeNanoseconds }
                }
                try await Task.sleep(for: .seconds(spacing))
            }
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
        return acknowledged
    }
}

/// When each request reached the receiver (monotonic nanoseconds), by its number in arrival order;
/// stamped on the receiver's own thread, so a busy benchmark task does not delay the stamp.
final class ArrivalTimes: Sendable {
    private let times = Mutex<[Int: UInt64]>([:])
    func stamp(_ count: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        times.withLock { $0[count] = now }
    }
    func time(of count: Int) -> UInt64? { times.withLock { $0[count] } }
}

/// The background wrk run's result, handed from its thread.
final class LoadRun: Sendable {
    private let result = Mutex<Result<WrkRun, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)
    func set(_ value: Result<WrkRun, any Error>) {
        result.withLock { $0 = value }
        done.signal()
    }
    func wait() throws -> WrkRun {
        done.wait()
        return try result.withLock { $0! }.get()
    }
}
