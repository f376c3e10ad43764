import Foundation
import GeofenceEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Streams fixes to a GPX 1.1 file as one track with one segment, buffering 64 KiB at a time.
///
///     let writer = try GPXTraceWriter(path: "trip.gpx", name: "phone")
///     try writer.write(contentsOf: plan.fixes)
///     try writer.finish()   // closing tags, flush, close: the file is complete only now
///
/// Coordinates have 9 decimals (0.1 mm), trailing zeros dropped. Accuracy, when a fix has one,
/// goes to `<extensions><georemind:accuracy>` in metres: GPX 1.1 has no element for it (`hdop`
/// is a dilution, not metres), extension elements must be in a namespace of their own, and
/// readers that know the `accuracy` extension (GPSLogger, OwnTracks exports, ours) match it by
/// local name. Fixes' device names are not written; `name` names the track.
/// Related: <https://www.topografix.com/GPX/1/1/>.
///
/// Not Sendable: one owner writes, then calls ``finish()``. A writer dropped without `finish()`
/// closes the file it opened, leaving it incomplete.
public final class GPXTraceWriter {
    /// The path, or the name given to a borrowed handle; errors say it.
    public let file: String
    /// Fixes written so far.
    public private(set) var count = 0

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var state = State.writing

    private enum State {
        case writing, finished
        case failed(GPXWriteError)
    }

    private static let flushSize = 64 * 1024
    private static let accuracyNamespace = "urn:x-georemind:gpx:1"

    /// Creates (or truncates) the file at `path`.
    public convenience init(path: String, name: String? = nil) throws(GPXWriteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotCreate(file: path, reason: Self.systemReason()) }
        self.init(descriptor: descriptor, owns: true, file: path, name: name)
    }

    /// Writes to `handle` (standard output, a pipe, an open file), which stays open: its owner closes it.
    public convenience init(handle: FileHandle, file: String = "<stdout>", name: String? = nil) {
        self.init(descriptor: handle.fileDescriptor, owns: false, file: file, name: name)
    }

    private init(descriptor: Int32, owns: Bool, file: String, name: String?) {
        self.descriptor = descriptor
        ownsDescriptor = owns
        self.file = file
        buffer.reserveCapacity(Self.flushSize + 512)
        buffer.append(
            contentsOf: """
                <?xml version="1.0" encoding="UTF-8"?>
                <gpx version="1.1" creator="georemind" xmlns="http://www.topografix.com/GPX/1/1" \
                xmlns:georemind="\(Self.accuracyNamespace)">
                 <trk>\n
                """.utf8)
        if let name {
            buffer.append(contentsOf: "  <name>".utf8)
            GPXText.appendEscaped(name, to: &buffer)
            buffer.append(contentsOf: "</name>\n".utf8)
        }
        buffer.append(contentsOf: "  <trkseg>\n".utf8)
    }

    deinit {
        if ownsDescriptor, case .writing = state { close(descriptor) }
    }

    /// Appends one track point; a fix with no time is written without `<time>`.
    public func write(_ fix: Fix) throws(GPXWriteError) {
        try checkWriting()
        let coordinate = fix.coordinate
        guard coordinate.isValid else {
            throw .badCoordinate(file: file, fix: count, latitude: coordinate.latitude, longitude: coordinate.longitude)
        }
        let mark = buffer.count
        buffer.append(contentsOf: "   <trkpt lat=\"".utf8)
        GPXText.appendDecimal(coordinate.latitude, decimals: 9, to: &buffer)
        buffer.append(contentsOf: "\" lon=\"".utf8)
        GPXText.appendDecimal(coordinate.longitude, decimals: 9, to: &buffer)
        buffer.append(contentsOf: "\">".utf8)
        if let time = fix.time {
            buffer.append(contentsOf: "<time>".utf8)
            guard GPXText.appendTime(time, to: &buffer) else {
                buffer.removeSubrange(mark...)
                throw .timeOutOfRange(file: file, fix: count, secondsSince1970: time.timeIntervalSince1970)
            }
            buffer.append(contentsOf: "</time>".utf8)
        }
        // Accuracies that are not a sensible number of metres are left out, as unknown.
        if let accuracy = fix.accuracy, accuracy >= 0, accuracy < 1e12 {
            buffer.append(contentsOf: "<extensions><georemind:accuracy>".utf8)
            GPXText.appendDecimal(accuracy, decimals: 3, to: &buffer)
            buffer.append(contentsOf: "</georemind:accuracy></extensions>".utf8)
        }
        buffer.append(contentsOf: "</trkpt>\n".utf8)
        count += 1
        if buffer.count >= Self.flushSize { try flush() }
    }

    public func write(contentsOf fixes: some Sequence<Fix>) throws(GPXWriteError) {
        for fix in fixes { try write(fix) }
    }

    /// Writes the closing tags, flushes, and closes the file if this writer opened it.
    public func finish() throws(GPXWriteError) {
        try checkWriting()
        buffer.append(contentsOf: "  </trkseg>\n </trk>\n</gpx>\n".utf8)
        try flush()
        state = .finished
        if ownsDescriptor && close(descriptor) != 0 {
            let error = GPXWriteError.closeFailed(file: file, reason: Self.systemReason())
            state = .failed(error)
            throw error
        }
    }

    /// Writes `fixes` to a new file at `path` and finishes it; returns how many were written.
    @discardableResult
    public static func write(_ fixes: some Sequence<Fix>, toPath path: String, name: String? = nil) throws(GPXWriteError) -> Int {
        let writer = try GPXTraceWriter(path: path, name: name)
        try writer.write(contentsOf: fixes)
        try writer.finish()
        return writer.count
    }

    private func checkWriting() throws(GPXWriteError) {
        switch state {
        case .writing: return
        case .finished: throw .finished(file: file)
        case let .failed(error): throw error
        }
    }

    /// Hands the whole buffer to the system; after a failure the writer only repeats the error.
    private func flush() throws(GPXWriteError) {
        var written = 0
        let failure: String? = buffer.withUnsafeBytes { bytes in
            while written < bytes.count {
                let result = Self.systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return Self.systemReason()
                }
                written += result
            }
            return nil
        }
        buffer.removeAll(keepingCapacity: true)
        if let failure {
            let error = GPXWriteError.writeFailed(file: file, reason: failure)
            state = .failed(error)
            if ownsDescriptor { close(descriptor) }
            throw error
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}
