#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A trace's decompressed bytes seen through one fixed-size buffer, by lines or by chunks.
///
/// Memory stays flat: the buffer only grows to hold one line longer than itself, up to
/// ``maximumLine``, so a 2 GB file is read with the same footprint as a small one.
final class TraceInput {
    static let chunkSize = 1 << 20
    static let maximumLine = 16 << 20

    let file: String
    private let source: ByteSource
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0
    private var end = 0
    private var ended = false
    /// Decompressed bytes read so far.
    private(set) var bytesRead = 0
    /// The 1-based line the reader is at, used to place I/O errors.
    var line = 0
    /// An error ``nextLines(about:)`` met while whole lines were still buffered: thrown next.
    private var deferredError: TraceError?

    /// The most bytes one read may add; tests make it tiny to cut every token.
    private let readLimit: Int

    /// Opens `path` (`-` for standard input), inflating it when it starts with the gzip magic.
    init(path: String, readLimit: Int = .max) throws(TraceError) {
        self.readLimit = readLimit
        file = path
        do {
            let raw = try FileDescriptorSource(path: path)
            let magic = try raw.peek(2)
            source = magic == [0x1F, 0x8B] ? try GzipSource(inner: raw) : raw
        } catch {
            throw TraceInput.traceError(error, file: path, line: 0)
        }
        capacity = Self.chunkSize
        buffer = .allocate(capacity: capacity + 1)
    }

    deinit {
        buffer.deallocate()
    }

    /// Up to `count` bytes from the start of the data, without consuming them; with `orFirstLine`,
    /// fewer once they hold a complete non-blank line (a live stream may not send more for a while).
    func peek(_ count: Int, orFirstLine: Bool = false) throws(TraceError) -> [UInt8] {
        while end - start < count && !ended {
            if orFirstLine, let newline = memchr(buffer + start, 0x0A, end - start) {
                let length = newline.assumingMemoryBound(to: UInt8.self) - (buffer + start)
                if UnsafeBufferPointer(start: buffer + start, count: length).contains(where: { !ByteClass.isSpace($0) }) { break }
            }
            try fill()
        }
        return Array(UnsafeBufferPointer(start: buffer + start, count: min(count, end - start)))
    }

    /// Calls `body` with each line (without its `\n` or `\r\n`) and its 1-based number.
    ///
    /// The slice is valid only during the call; it points into the buffer. The byte after
    /// each slice is writable scratch (the reader may put a NUL there for `strtod`).
    func forEachLine(_ body: (UnsafeMutableBufferPointer<UInt8>, Int) throws -> Void) throws {
        while try nextLine(body) {}
    }

    /// Calls `body` with the next line as ``forEachLine(_:)`` does; false at the end of the data.
    func nextLine(_ body: (UnsafeMutableBufferPointer<UInt8>, Int) throws -> Void) throws -> Bool {
        while true {
            let remaining = end - start
            if remaining > 0, let length = Self.lineLength(buffer + start, count: remaining, isLast: ended) {
                line += 1
                try body(UnsafeMutableBufferPointer(start: buffer + start, count: Self.withoutReturn(buffer + start, length)), line)
                start += min(length + 1, remaining)
                return true
            }
            if ended { return false }
            if remaining == capacity {
                guard capacity < Self.maximumLine else {
                    throw TraceError.lineTooLong(file: file, line: line + 1, limit: Self.maximumLine)
                }
                grow()
            }
            try fill()
        }
    }

    /// Calls `body` with each line of `bytes`, a run of whole lines (the last may lack its
    /// newline), without its `\n` or `\r\n`: what ``nextLine(_:)`` does to the stream, for a run
    /// already taken off it (``nextLines(about:)``).
    static func forEachLine(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard var start = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0, let length = lineLength(start, count: remaining, isLast: true) {
            body(UnsafeBufferPointer(start: start, count: withoutReturn(start, length)))
            let taken = min(length + 1, remaining)
            start += taken
            remaining -= taken
        }
    }

    /// The length of the line at `bytes` before its newline; with no newline among the `count`
    /// bytes, all of them when they are the data's last line (`isLast`), else nil (it goes on).
    private static func lineLength(_ bytes: UnsafePointer<UInt8>, count: Int, isLast: Bool) -> Int? {
        if let found = memchr(bytes, 0x0A, count) { return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - bytes }
        return isLast ? count : nil
    }

    /// `length` less a final `\r` (the `\r\n` of a CRLF file).
    private static func withoutReturn(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> Int {
        length > 0 && bytes[length - 1] == 0x0D ? length - 1 : length
    }

    /// The next run of whole lines, with their newlines (the data's last line may lack one): about
    /// `size` bytes, more for a single longer line; nil at the end of the data. Does not count
    /// lines (``line`` stays where it was): whoever parses them does.
    ///
    /// The run is an array of its own, for a job on another thread: once the buffer's bytes are
    /// handed out, the data is read straight into a run's array (the broken line at its end goes
    /// back to the buffer), so the bytes are not copied a second time.
    func nextLines(about size: Int) throws -> [UInt8]? {
        if let error = deferredError {
            deferredError = nil
            throw error
        }
        if end - start < size && !ended, let run = try readLines(about: size) { return run }
        return try bufferedLines(about: size).map(Array.init)
    }

    /// A run read straight into its own array behind the buffer's few unread bytes; nil when it
    /// holds no newline (a line longer than the run: its bytes are back in the buffer, which grows).
    private func readLines(about size: Int) throws -> [UInt8]? {
        var failure: TraceError?
        var run = [UInt8](unsafeUninitializedCapacity: max(size, end - start + 1)) { run, filled in
            let base = run.baseAddress!
            filled = end - start
            if filled > 0 { base.update(from: buffer + start, count: filled) }
            start = 0
            end = 0
            while filled < run.count && !ended {
                do throws(ByteSourceError) {
                    let n = try source.read(
                        into: UnsafeMutableRawBufferPointer(start: base + filled, count: min(run.count - filled, readLimit)))
                    if n == 0 { ended = true }
                    filled += n
                    bytesRead += n
                } catch {
                    failure = TraceInput.traceError(error, file: file, line: line + 1)
                    return
                }
            }
        }
        let last = ended && failure == nil ? run.count - 1 : run.lastIndex(of: 0x0A)
        // The broken line after the last newline is read again from the buffer.
        let kept = last.map { $0 + 1 } ?? 0
        let tail = run.count - kept
        if tail > 0 {
            if tail > capacity { grow(to: tail) }
            run.withUnsafeBufferPointer { run in buffer.update(from: run.baseAddress! + kept, count: tail) }
            end = tail
        }
        if let failure {
            // The whole lines read before the input broke are handed out first, as reading line
            // by line does; the error comes at the next call.
            guard kept > 0 else { throw failure }
            deferredError = failure
        }
        guard kept > 0 else { return nil }
        run.removeLast(tail)
        return run
    }

    /// The next run of whole lines out of the buffer, refilling it: valid until the next read.
    private func bufferedLines(about size: Int) throws -> UnsafeBufferPointer<UInt8>? {
        while true {
            let remaining = end - start
            if remaining >= size || ended {
                guard remaining > 0 else { return nil }
                let span = min(remaining, size)
                // The last newline within `size` bytes (a short scan back), else the first after.
                var last = lastNewline(within: span)
                if last == nil, remaining > span, let found = memchr(buffer + start + span, 0x0A, remaining - span) {
                    last = found.assumingMemoryBound(to: UInt8.self) - (buffer + start)
                }
                if let last { return takeLines(through: last) }
                if ended {
                    defer { start = end }
                    return UnsafeBufferPointer(start: buffer + start, count: remaining)
                }
            }
            if remaining == capacity {
                guard capacity < Self.maximumLine else {
                    throw TraceError.lineTooLong(file: file, line: line + 1, limit: Self.maximumLine)
                }
                grow()
            }
            do {
                try fill()
            } catch {
                // The whole lines read before the input broke are handed out first, as reading line
                // by line does; the error comes at the next call.
                guard let last = lastNewline(within: end - start) else { throw error }
                deferredError = error
                return takeLines(through: last)
            }
        }
    }

    /// The offset from `start` of the last newline among the next `count` unread bytes.
    private func lastNewline(within count: Int) -> Int? {
        var last = count - 1
        while last >= 0 && buffer[start + last] != 0x0A { last -= 1 }
        return last >= 0 ? last : nil
    }

    /// The unread bytes up to and including offset `last`, marked read.
    private func takeLines(through last: Int) -> UnsafeBufferPointer<UInt8> {
        defer { start += last + 1 }
        return UnsafeBufferPointer(start: buffer + start, count: last + 1)
    }

    /// Calls `body` with successive chunks of the data until its end.
    func forEachChunk(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        while true {
            if end > start {
                try body(UnsafeBufferPointer(start: buffer + start, count: end - start))
                start = end
            }
            if ended { return }
            try fill()
        }
    }

    /// The unread bytes in the buffer (possibly empty); valid until the next read.
    var window: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer + start, count: end - start)
    }

    /// Marks `count` bytes of the window as read.
    func advance(by count: Int) {
        start += count
    }

    /// Reads more bytes behind the unread ones, growing the buffer when they fill it;
    /// false at the end of the data. For tokenizers whose token straddles a chunk boundary.
    func readMore() throws(TraceError) -> Bool {
        guard !ended else { return false }
        if start == 0 && end == capacity {
            guard capacity < Self.maximumLine else {
                throw TraceError.lineTooLong(file: file, line: line, limit: Self.maximumLine)
            }
            grow()
        }
        let before = end - start
        try fill()
        return end - start > before || !ended
    }

    /// Moves unread bytes to the front and reads more behind them.
    private func fill() throws(TraceError) {
        if start > 0 {
            if end > start { memmove(buffer, buffer + start, end - start) }
            #if DEBUG
                // Poison what was read: a slice kept across a refill shows up in tests as garbage.
                memset(buffer + (end - start), 0xEE, start)
            #endif
            end -= start
            start = 0
        }
        // A zero-length read would look like the end of the data.
        if end == capacity { grow() }
        let n: Int
        do {
            n = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + end, count: min(capacity - end, readLimit)))
        } catch {
            throw TraceInput.traceError(error, file: file, line: line + 1)
        }
        if n == 0 { ended = true }
        end += n
        bytesRead += n
    }

    private func grow(to least: Int = 0) {
        let larger = max(min(capacity * 2, Self.maximumLine), capacity + 1, least)
        let replacement = UnsafeMutablePointer<UInt8>.allocate(capacity: larger + 1)
        replacement.update(from: buffer + start, count: end - start)
        buffer.deallocate()
        buffer = replacement
        end -= start
        start = 0
        capacity = larger
    }

    private static func traceError(_ error: ByteSourceError, file: String, line: Int) -> TraceError {
        switch error {
        case let .io(reason): return .cannotRead(file: file, reason: reason)
        case let .truncated(reason): return .truncated(file: file, line: line, reason: reason)
        case let .corrupt(reason): return .malformed(file: file, line: line, reason: reason)
        }
    }
}
