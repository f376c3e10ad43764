import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// Why `serve` could not start listening, in words an operator can act on (NIO's own message
/// names a system call, not the address).
package enum ServerStartError: Error, CustomStringConvertible {
    case addressInUse(host: String, port: Int)
    case addressNotAvailable(host: String, port: Int)
    case permissionDenied(host: String, port: Int)

    /// The start failure `error` stands for, or nil when it is not one.
    init?(_ error: any Error, host: String, port: Int) {
        guard let error = error as? IOError else { return nil }
        switch error.errnoCode {
        case EADDRINUSE: self = .addressInUse(host: host, port: port)
        case EADDRNOTAVAIL: self = .addressNotAvailable(host: host, port: port)
        case EACCES: self = .permissionDenied(host: host, port: port)
        default: return nil
        }
    }

    package var description: String {
        switch self {
        case let .addressInUse(host, port):
            "cannot listen on \(host):\(port): the port is in use by another process (choose another with --port)"
        case let .addressNotAvailable(host, port):
            "cannot listen on \(host):\(port): no interface of this machine has that address (see --host)"
        case let .permissionDenied(host, port):
            "cannot listen on \(host):\(port): permission denied (ports below 1024 need privileges)"
        }
    }
}
