/// What one HTTP connection may hold of the server: without bounds, idle or trickling clients
/// (slowloris) keep their sockets for ever and, in enough numbers, every file descriptor.
/// docs/serve.md lists them with their defaults.
package struct ConnectionLimits: Sendable, Equatable {
    /// A connection with no request in progress, or whose request head has not arrived whole, is
    /// closed after this many seconds (Hummingbird's idle timeout: it also bounds a head sent a line
    /// at a time, since only a whole head counts as activity).
    package var idleSeconds: Double = 30
    /// A request whose body has not arrived whole this many seconds after its head is answered by
    /// closing its connection (a body trickled a byte at a time would otherwise never end).
    package var requestSeconds: Double = 60
    /// Connections open at once; past it the server stops accepting until one closes (the kernel
    /// queues the rest in its listen backlog).
    package var maxConnections = 2048

    package init() {}
}
