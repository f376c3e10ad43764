import NIOCore
import NIOPosix
import Synchronization

/// A loopback TCP port in front of a unix socket (a test PostgreSQL's) that a test can cut and
/// mend, as a network partition between one client and the server. Cut, it stops reading in both
/// directions: every byte waits in the kernel's buffers as packets wait on a partitioned network,
/// nothing is closed or answered, and a new connection is accepted but hears nothing. Mended, the
/// waiting bytes flow on, as TCP's retransmissions deliver them after a short partition.
public final class PartitionableLink: Sendable {
    public let port: Int
    let listener: any Channel
    let state: State

    final class State: Sendable {
        let mutex = Mutex<(isCut: Bool, channels: [any Channel])>((false, []))
    }

    /// Listens on a free loopback port; each connection is forwarded to `unixSocketPath`.
    public init(to unixSocketPath: String) async throws {
        let state = State()
        self.state = state
        listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { inbound in
                ClientBootstrap(group: inbound.eventLoop)
                    .channelOption(.autoRead, value: false)
                    .connect(unixDomainSocketPath: unixSocketPath)
                    .flatMap { outbound in
                        let (forward, backward) = (Forward(to: outbound), Forward(to: inbound))
                        return inbound.pipeline.addHandler(forward).flatMap { outbound.pipeline.addHandler(backward) }
                            .flatMap {
                                let isCut = state.mutex.withLock { current in
                                    current.channels += [inbound, outbound]
                                    return current.isCut
                                }
                                // The accepted side starts reading once this returns (it is
                                // registered after its initializer): only a cut link stops it.
                                if isCut { return inbound.setOption(.autoRead, value: false) }
                                Self.flow(outbound)
                                return inbound.eventLoop.makeSucceededVoidFuture()
                            }
                    }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        port = listener.localAddress?.port ?? 0
    }

    /// Stops every byte, both ways, on every connection, now and later, until ``mend()``.
    public func cut() {
        let channels = state.mutex.withLock { current in
            current.isCut = true
            return current.channels
        }
        for channel in channels { channel.eventLoop.execute { channel.setOption(.autoRead, value: false).whenComplete { _ in } } }
    }

    /// Lets the held bytes, and everything after them, flow again.
    public func mend() {
        let channels = state.mutex.withLock { current in
            current.isCut = false
            current.channels.removeAll { !$0.isActive }
            return current.channels
        }
        for channel in channels { Self.flow(channel) }
    }

    /// Closes the port and every connection through it.
    public func close() {
        let channels = state.mutex.withLock { current in
            defer { current.channels = [] }
            return current.channels
        }
        for channel in channels { channel.close(promise: nil) }
        listener.close(promise: nil)
    }

    deinit { close() }

    private static func flow(_ channel: any Channel) {
        channel.eventLoop.execute {
            channel.setOption(.autoRead, value: true).whenSuccess { channel.read() }
        }
    }

    /// Writes what one side reads to the other, and closes the other when one side closes.
    final class Forward: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let peer: any Channel

        init(to peer: any Channel) { self.peer = peer }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            peer.writeAndFlush(unwrapInboundIn(data), promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            peer.close(promise: nil)
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}
