import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `serve` against the faults an operator meets: clocks that lie, a port already taken, clients
/// that connect and never finish. On either engine.
@Suite(.serialized) struct ServeFaultTests {
    let sandbox: CLISandbox
    let token: String

    init() throws {
        sandbox = try CLISandbox()
        token = try sandbox.ok("token", "create", "phones", "--scope", "ingest").trimmingCharacters(in: .newlines)
    }

    func owntracks(_ server: ServerProcess, tst: String, lon: Double) async throws -> Int {
        try await server.send(
            "POST", "/owntracks",
            body: #"{"_type":"location","acc":10,"lat":30.0,"lon":\#(lon),"tid":"an","tst":\#(tst)}"#,
            headers: [
                "Authorization": ServerProcess.basic("ann", token), "X-Limit-U": "ann", "X-Limit-D": "pixel",
                "Content-Type": "application/json",
            ]
        ).status
    }

    func fired(_ id: String) async throws -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if try sandbox.ok("show", id, "--json").contains(#""firedDate""#) { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// A phone that once posts a time from the year 506713, or a day ahead of the server's clock,
    /// is not silenced: those fixes are refused (`bad-time`, counted) and its real fixes still fire.
    @Test func aLyingClockCannotSilenceAPhone() async throws {
        let id = try sandbox.add("Shop", "--latitude", "30.0", "--longitude", "20.0", "--radius", "100")
        let server = try ServerProcess(sandbox)
        defer { _ = server.stop() }
        let now = Int(Date().timeIntervalSince1970)
        #expect(try await owntracks(server, tst: "\(now - 120)", lon: 20.01) == 200)
        #expect(try await owntracks(server, tst: "9223372036854775807", lon: 20.02) == 200)
        #expect(try await owntracks(server, tst: "\(now + 86_400)", lon: 20.02) == 200)
        #expect(try await owntracks(server, tst: "\(now - 60)", lon: 20.0) == 200)
        #expect(try await fired(id))
        let deadline = Date().addingTimeInterval(20)
        var metrics = ""
        while Date() < deadline, !metrics.contains(#"reason="bad-time"} 2"#) {
            metrics = try await server.send("GET", "/metrics").body
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(metrics.contains(#"reason="bad-time"} 2"#))
    }

    /// A second `serve` on a port in use says so in one line and exits at once, releasing the
    /// store (a third can start); the first is unharmed.
    @Test func aPortInUseIsOneErrorLineAndAnExit() async throws {
        let first = try ServerProcess(sandbox)
        defer { _ = first.stop() }
        let other = try CLISandbox()
        let started = Date()
        let result = try other.run(["serve", "--port", "\(first.port)"])
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(result.status == 1)
        #expect(
            result.stderr.hasSuffix(
                "error: cannot listen on 127.0.0.1:\(first.port): the port is in use by another process (choose another with --port)\n"))
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.count == 1)
        // Nothing of the failed start holds the store: a server on it starts.
        let third = try ServerProcess(other)
        #expect(third.stop() == 0)
        #expect(try await first.send("GET", "/readyz").status == 200)
    }

    /// Idle connections, a head sent a line at a time and a body trickled a byte at a time are
    /// all closed, while a phone keeps posting on its own connection.
    @Test func idleAndTricklingConnectionsAreClosed() async throws {
        let server = try ServerProcess(sandbox, arguments: ["--idle-timeout", "1s", "--request-timeout", "2s"])
        defer { _ = server.stop() }
        let idle = try RawConnection(port: server.port)
        let slowHead = try RawConnection(port: server.port)
        let slowBody = try RawConnection(port: server.port)
        try slowBody.send(
            "POST /owntracks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
        let started = Date()
        var closed: [String: Double] = [:]
        let now = Int(Date().timeIntervalSince1970)
        // A phone posts on its own task meanwhile: a slow post on a loaded machine must not delay
        // noticing the closes (the loop below only trickles and looks).
        let authorization = ServerProcess.basic("ann", token)
        let answered = Mutex(0)
        let phone = Task {
            var statuses: [Int] = []
            var tick = 0
            while !Task.isCancelled {
                tick += 1
                let reply: ServerProcess.Reply
                do {
                    reply = try await server.send(
                        "POST", "/owntracks",
                        body: #"{"_type":"location","acc":10,"lat":30.0,"lon":20.0,"tid":"an","tst":\#(now - 600 + tick)}"#,
                        headers: [
                            "Authorization": authorization, "X-Limit-U": "ann", "X-Limit-D": "pixel",
                            "Content-Type": "application/json",
                        ])
                } catch {
                    // The post in flight when the test stopped the phone is not an answer.
                    if Task.isCancelled { break }
                    throw error
                }
                statuses.append(reply.status)
                answered.withLock { $0 += 1 }
                try? await Task.sleep(for: .milliseconds(300))
            }
            return statuses
        }
        var tick = 0
        try slowHead.send("POST /owntracks HTTP/1.1\r\n")
        while Date().timeIntervalSince(started) < 10, closed.count < 3 {
            tick += 1
            // Each trickler sends a little every 300 ms.
            if closed["head"] == nil { try? slowHead.send("X-Slow-\(tick): y\r\n") }
            if closed["body"] == nil { try? slowBody.send(" ") }
            try await Task.sleep(for: .milliseconds(300))
            let elapsed = Date().timeIntervalSince(started)
            for (name, connection) in [("idle", idle), ("head", slowHead), ("body", slowBody)] where closed[name] == nil {
                if connection.isClosedByPeer() { closed[name] = elapsed }
            }
        }
        // On a loaded machine the phone's first post may still be on its way: it must be answered.
        #expect(try await eventually(30) { answered.withLock { $0 } > 0 })
        phone.cancel()
        let statuses = try await phone.value
        #expect(!statuses.isEmpty && statuses.allSatisfy { $0 == 200 }, "\(statuses)")
        #expect(Set(closed.keys) == ["idle", "head", "body"])
        // Closed within a few seconds of their 1 s and 2 s limits (slack for a loaded machine), long
        // before the 8 s the tricklers would otherwise go on for.
        #expect((closed["idle"] ?? 99) < 5)
        #expect((closed["head"] ?? 99) < 5)
        // (Not a lower bound: on a loaded machine a gap between trickled bytes can outlast the
        // 1 s idle timeout, which then closes it first; either way it is closed.)
        #expect((closed["body"] ?? 99) < 6)
    }
}

/// A plain TCP connection to a loopback port, for clients that misbehave on purpose.
final class RawConnection {
    let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(descriptor)
            throw RawConnectionError.cannotConnect(errno: errno)
        }
    }

    deinit { close(descriptor) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw RawConnectionError.cannotSend(errno: errno) }
    }

    /// Whether the server closed its end: a non-blocking read finds the end of the stream (or a reset).
    func isClosedByPeer() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 { continue }  // a response (a 408, say) before the close
            if count == 0 { return true }
            return errno != EAGAIN && errno != EWOULDBLOCK
        }
    }
}

enum RawConnectionError: Error {
    case cannotConnect(errno: Int32)
    case cannotSend(errno: Int32)
}
