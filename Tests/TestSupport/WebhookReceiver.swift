import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP server on a free loopback port that records every POST and answers with scripted
/// statuses (200 once the script runs out), optionally after a delay: the far end of webhook tests.
public final class WebhookReceiver: Sendable {
    public struct Request: Sendable, Hashable {
        public var path: String
        public var id: String?
        public var timestamp: String?
        public var signature: String?
        public var body: [UInt8]
        public var status: Int
        /// Every header as received, names lowercased: what an ntfy or Apprise test checks.
        public var headers: [String: String] = [:]
    }

    public let port: Int
    public var url: String { "http://127.0.0.1:\(port)/hook" }
    let channel: any Channel
    let state: State

    final class State: Sendable {
        let mutex = Mutex<(requests: [Request], script: [Int], delay: Double)>(([], [], 0))
        let received = Mutex<(@Sendable (Int) -> Void)?>(nil)
        func withLock<T>(_ body: (inout (requests: [Request], script: [Int], delay: Double)) -> T) -> T {
            mutex.withLock { body(&$0) }
        }
    }

    /// Starts listening; `script` is the statuses of the first answers, in order.
    public init(script: [Int] = [], delay: Double = 0) async throws {
        let state = State()
        state.withLock {
            $0.script = script
            $0.delay = delay
        }
        self.state = state
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(Handler(state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        port = channel.localAddress?.port ?? 0
    }

    public var requests: [Request] { state.withLock { $0.requests } }

    /// Replaces what the next answers are.
    public func answer(with script: [Int], delay: Double = 0) {
        state.withLock {
            $0.script = script
            $0.delay = delay
        }
    }

    /// Runs `action` on the receiver's own thread as each request arrives, with the number received
    /// so far: what a test does at an exact request (kill the sender) cannot wait for the test's
    /// task, which a loaded machine may not run for seconds.
    public func whenReceived(_ action: @escaping @Sendable (_ count: Int) -> Void) {
        state.received.withLock { $0 = action }
    }

    public func stop() async throws {
        try await channel.close()
    }

    /// Waits until `condition` holds for the requests received, for at most `timeout` seconds.
    @discardableResult
    public func wait(timeout: Double = 60, until condition: ([Request]) -> Bool) async throws -> [Request] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let requests = self.requests
            if condition(requests) { return requests }
            try await Task.sleep(for: .milliseconds(20))
        }
        return requests
    }

    // The handler's mutable parts live on its channel's event loop only.
    final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let state: State
        var head: HTTPRequestHead?
        var body: [UInt8] = []

        init(state: State) {
            self.state = state
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case let .head(head):
                self.head = head
                body = []
            case var .body(buffer):
                body += buffer.readBytes(length: buffer.readableBytes) ?? []
            case .end:
                guard let head else { return }
                // The count is taken with the append: read apart, two event loops' requests could
                // both see the later count, and a request would never be announced.
                let (status, delay, count) = state.withLock { state in
                    let status = state.script.isEmpty ? 200 : state.script.removeFirst()
                    state.requests.append(
                        Request(
                            path: head.uri, id: head.headers.first(name: "webhook-id"),
                            timestamp: head.headers.first(name: "webhook-timestamp"),
                            signature: head.headers.first(name: "webhook-signature"), body: body, status: status,
                            headers: Dictionary(head.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { $1 })))
                    return (status, state.delay, state.requests.count)
                }
                state.received.withLock { $0 }?(count)
                let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
                context.eventLoop.scheduleTask(in: .milliseconds(Int64(delay * 1000))) {
                    let context = loopBound.value
                    var headers = HTTPHeaders()
                    headers.add(name: "content-length", value: "0")
                    let response = HTTPResponseHead(version: head.version, status: HTTPResponseStatus(statusCode: status), headers: headers)
                    context.write(NIOAny(HTTPServerResponsePart.head(response)), promise: nil)
                    context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: nil)
                }
            }
        }
    }
}
