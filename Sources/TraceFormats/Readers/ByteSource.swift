#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A producer of raw bytes: a file, standard input, or zlib inflating another source.
protocol ByteSource: AnyObject {
    /// Fills the start of `buffer`; returns how many bytes, 0 at the end of the data.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int
}

/// How a byte source failed; ``TraceInput`` names the file and line in the ``TraceError``.
enum ByteSourceError: Error, Sendable {
    case io(String)
    case truncated(String)
    case corrupt(String)
}

/// A file descriptor read with `read(2)`; closed on deinit unless it is standard input.
final class FileDescriptorSource: ByteSource {
    private let descriptor: Int32
    private let owned: Bool
    /// Bytes already read to look for the gzip magic, handed out before anything else.
    private var pending: [UInt8] = []

    /// Opens `path`, or standard input for `-`.
    init(path: String) throws(ByteSourceError) {
        if path == "-" {
            descriptor = STDIN_FILENO
            owned = false
        } else {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw .io(String(cString: strerror(errno))) }
            var info = stat()
            if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                close(fd)
                throw .io("is a directory")
            }
            descriptor = fd
            owned = true
        }
    }

    deinit {
        if owned { close(descriptor) }
    }

    /// The first bytes of the file (up to `count`), which later reads still return.
    func peek(_ count: Int) throws(ByteSourceError) -> [UInt8] {
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { scratch.deallocate() }
        var filled = 0
        while filled < count {
            let n = try readDescriptor(into: UnsafeMutableRawBufferPointer(rebasing: scratch[filled...]))
            if n == 0 { break }
            filled += n
        }
        pending = Array(scratch[..<filled])
        return pending
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int {
        if !pending.isEmpty {
            let n = min(pending.count, buffer.count)
            pending.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: n) }
            pending.removeFirst(n)
            return n
        }
        return try readDescriptor(into: buffer)
    }

    private func readDescriptor(into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int {
        while true {
            #if canImport(Glibc)
                let n = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            #else
                let n = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
            #endif
            if n >= 0 { return n }
            if errno == EINTR { continue }
            throw .io(String(cString: strerror(errno)))
        }
    }
}
