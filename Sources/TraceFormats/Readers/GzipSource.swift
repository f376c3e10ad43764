import CZlib

/// Inflates a gzip (or zlib) stream from another source, concatenated gzip members included.
///
/// A stream that stops before its end marker is reported as truncated, never as a short file.
final class GzipSource: ByteSource {
    private let inner: ByteSource
    private var stream = z_stream()
    private let input: UnsafeMutableRawBufferPointer
    private var innerEnded = false
    private var finished = false

    init(inner: ByteSource, bufferSize: Int = 256 * 1024) throws(ByteSourceError) {
        self.inner = inner
        input = .allocate(byteCount: bufferSize, alignment: 16)
        guard georemind_inflate_init(&stream) == Z_OK else {
            input.deallocate()
            throw .corrupt("zlib could not start")
        }
    }

    deinit {
        inflateEnd(&stream)
        input.deallocate()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int {
        guard buffer.count > 0 else { return 0 }
        while !finished {
            if stream.avail_in == 0 && !innerEnded { try refill() }
            stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(buffer.count)
            let status = inflate(&stream, Z_NO_FLUSH)
            let produced = buffer.count - Int(stream.avail_out)
            switch status {
            case Z_STREAM_END:
                try startNextMemberOrFinish()
            case Z_OK, Z_BUF_ERROR:
                if produced == 0 && stream.avail_in == 0 && innerEnded {
                    throw .truncated("the gzip stream ends before its end marker")
                }
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                throw .corrupt("bad gzip data: \(message)")
            }
            if produced > 0 { return produced }
        }
        return 0
    }

    private func refill() throws(ByteSourceError) {
        let n = try inner.read(into: input)
        if n == 0 { innerEnded = true }
        stream.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_in = uInt(n)
    }

    /// After a member's end, another member may follow (`cat a.gz b.gz`); anything else
    /// (zero padding some tools add) ends the data.
    private func startNextMemberOrFinish() throws(ByteSourceError) {
        if stream.avail_in == 0 && !innerEnded { try refill() }
        if stream.avail_in > 0 && stream.next_in.pointee == 0x1F {
            inflateReset(&stream)
        } else {
            finished = true
        }
    }
}
