import Hummingbird

/// The floor the server is compared with: Hummingbird answering `POST /owntracks` with 200 `[]`
/// after reading the body, nothing else, in this process.
enum BareServer {
    /// Starts the server and returns its port once it listens.
    static func start() async throws -> Int {
        let router = Router()
        router.post("/owntracks") { request, _ -> Response in
            _ = try await request.body.collect(upTo: 1 << 20)
            return Response(
                status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: "[]")))
        }
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) })
        Task { try await app.runService() }
        for await port in stream { return port }
        return 0
    }
}
