import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import ServiceLifecycle

extension GeoServer {
    /// The Hummingbird application that answers this front's routes on `host:port`: HTTP/1.1
    /// (HTTPS with `tls`) with the idle and request deadlines and the connection cap of `limits`.
    package func application(
        host: String, port: Int, limits: ConnectionLimits, tls: ServerTLS?, logger: Logger,
        onListening: @escaping @Sendable (Int) async -> Void
    ) throws -> any Service {
        let http1 = HTTPServerBuilder.http1(
            configuration: .init(
                additionalChannelHandlers: [RequestDeadlineHandler(seconds: limits.requestSeconds)],
                idleTimeout: .nanoseconds(Int64(limits.idleSeconds * 1_000_000_000))))
        return Application(
            router: router(),
            server: try tls.map { try .tls(http1, tlsConfiguration: $0.configuration) } ?? http1,
            configuration: .init(
                address: .hostname(host, port: port), serverName: "georemind",
                availableConnectionsDelegate: .maximum(limits.maxConnections, logger: logger)),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
            logger: logger)
    }
}
