import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// A fleet's single-fix OwnTracks posts, the same on every run: device n starts somewhere in the
/// 50 × 50 km box around Berlin the reminders are seeded in and drives `step` metres a fix on its own
/// heading (turning back at the edges), one fix every 10 s.
struct FleetWorkload: Sendable {
    var devices: Int
    var fixesPerDevice: Int
    var step = 60.0

    var fixCount: Int { devices * fixesPerDevice }

    func device(_ n: Int) -> String { "fleet/car\(n)" }

    /// The request body of device n's k-th fix.
    func body(device n: Int, fix k: Int) -> String {
        let angle = Double((n * 137) % 360) * .pi / 180
        let north = Double(k) * step * cos(angle) / 111_320
        let east = Double(k) * step * sin(angle) / (111_320 * cos(52.5 * .pi / 180))
        let latitude = Self.fold(52.3 + Double((n * 7919) % 10007) / 10007 * 0.45 + north, low: 52.3, span: 0.45)
        let longitude = Self.fold(13.1 + Double((n * 104729) % 10009) / 10009 * 0.73 + east, low: 13.1, span: 0.73)
        return String(
            format: #"{"_type":"location","lat":%.6f,"lon":%.6f,"tst":%d,"acc":10,"tid":"fl"}"#, latitude, longitude,
            1_700_000_000 + k * 10)
    }

    static func fold(_ x: Double, low: Double, span: Double) -> Double {
        low + span - abs((x - low).truncatingRemainder(dividingBy: 2 * span).magnitude - span)
    }
}

/// Posts a ``FleetWorkload`` through a pool of keep-alive connections, as phones behind a load
/// balancer that knows nothing of devices: device n's k-th fix goes to instance (n + k) mod the
/// number of instances, and a device sends its next fix only once the last was acknowledged (as
/// the apps do). A request that fails without an answer (its instance was killed) is sent again to
/// the next instance, as a phone retries.
final class FleetLoad: Sendable {
    let client: HTTPClient
    let authorization: String

    init(authorization: String) {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(2), read: .seconds(30))
        configuration.connectionPool = HTTPClient.Configuration.ConnectionPool(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.authorization = authorization
    }

    struct Result {
        var seconds: Double
        var acknowledged: Int
        var retried: Int
        /// Each acknowledged request's latency in seconds, sorted.
        var latencies: [Double]

        func percentile(_ p: Double) -> Double {
            latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
        }
    }

    /// Runs the workload with `concurrency` devices posting at once; `ports` is read before each
    /// request, so an instance taken out of it (killed) receives nothing more.
    func run(_ workload: FleetWorkload, ports: LivePorts, concurrency: Int) async throws -> Result {
        let queue = DeviceQueue()
        let start = ContinuousClock.now
        let parts = try await withThrowingTaskGroup(of: (latencies: [Double], retried: Int).self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    var latencies: [Double] = []
                    var retried = 0
                    while true {
                        let device = queue.take()
                        guard device < workload.devices else { break }
                        for fix in 0..<workload.fixesPerDevice {
                            var attempt = 0
                            while true {
                                let live = ports.current
                                let port = live[(device + fix + attempt) % live.count]
                                let sent = ContinuousClock.now
                                if try await self.post(workload, device: device, fix: fix, port: port) {
                                    latencies.append((ContinuousClock.now - sent).seconds)
                                    break
                                }
                                attempt += 1
                                retried += 1
                                guard attempt < 50 else { throw FleetLoadError.noInstanceAnswers }
                                try await Task.sleep(for: .milliseconds(20))
                            }
                        }
                    }
                    return (latencies, retried)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        return Result(
            seconds: (ContinuousClock.now - start).seconds, acknowledged: workload.fixCount,
            retried: parts.reduce(0) { $0 + $1.retried }, latencies: parts.flatMap(\.latencies).sorted())
    }

    /// True once acknowledged (200); false when no answer came (the instance is gone).
    func post(_ workload: FleetWorkload, device: Int, fix: Int, port: Int) async throws -> Bool {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/owntracks")
        request.method = .POST
        let user = workload.device(device).split(separator: "/")
        request.headers = HTTPHeaders([
            ("Content-Type", "application/json"), ("Authorization", authorization), ("X-Limit-U", String(user[0])),
            ("X-Limit-D", String(user[1])),
        ])
        request.body = .bytes(ByteBuffer(string: workload.body(device: device, fix: fix)))
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .seconds(30))
        } catch {
            return false
        }
        let body = (try? await response.body.collect(upTo: 1 << 16)).map { String(buffer: $0) } ?? ""
        guard response.status == .ok else { throw FleetLoadError.refused(Int(response.status.code), body) }
        return true
    }

    func shutdown() async throws { try await client.shutdown() }
}

/// Hands out device numbers to the workers, each once.
final class DeviceQueue: Sendable {
    private let next = Atomic<Int>(0)

    func take() -> Int { next.add(1, ordering: .relaxed).oldValue }
}

/// The instances the load balancer sends to; one is taken out when it is killed.
final class LivePorts: Sendable {
    private let ports: Mutex<[Int]>

    init(_ ports: [Int]) { self.ports = Mutex(ports) }

    var current: [Int] { ports.withLock { $0 } }

    func remove(_ port: Int) { ports.withLock { $0.removeAll { $0 == port } } }
}

enum FleetLoadError: Error, CustomStringConvertible {
    case refused(Int, String)
    case noInstanceAnswers

    var description: String {
        switch self {
        case .refused(let status, let body): "an instance answered \(status) to a good fix: \(body)"
        case .noInstanceAnswers: "no instance answered a fix after 50 attempts"
        }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
