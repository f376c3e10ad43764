import FixStreams
import Foundation
import GeofenceEngine

/// Streams the fixes of one trace file (or standard input) in any ``TraceFormat``.
///
/// ```swift
/// let report = try TraceReader(path: "ride.gpx.gz").read { fix in engine.admit(fix) }
/// ```
/// Memory stays flat whatever the file's size; gzip is detected by its magic bytes.
public struct TraceReader: Sendable {
    /// The file to read; `-` is standard input.
    public var path: String
    /// The format to read, or nil to take it from the extension or the first bytes.
    public var format: TraceFormat?
    public var options: TraceReadOptions
    /// Bytes of whole lines per parsing job when a CSV file is read through a pipeline
    /// (``read(into:)``); a few in tests and fuzzing, so that every line meets a job's edge.
    public var csvChunkBytes = CSVTraceReader.chunkBytes

    public init(path: String, format: TraceFormat? = nil, options: TraceReadOptions = TraceReadOptions()) {
        self.path = path
        self.format = format
        self.options = options
    }

    /// Reads the whole trace, calling `body` with each fix in file order.
    ///
    /// Throws ``TraceError`` when the file cannot be read as a trace, including when it yields
    /// no fix at all; errors thrown by `body` stop the read and are rethrown as they are.
    @discardableResult
    public func read(_ body: (Fix) throws -> Void) throws -> TraceReadReport {
        try read(readLimit: .max, sniffLength: 4096, body)
    }

    /// ``read(_:)`` for a ``FixPipeline`` producer: a CSV file's rows are parsed on the pipeline's
    /// threads, in runs of lines handed to `sink` as jobs (their fixes in file order all the
    /// same); other formats, and a followed stream, are parsed here and yielded fix by fix.
    @discardableResult
    public func read(into sink: FixSink) throws -> TraceReadReport {
        try read(readLimit: .max, sniffLength: 4096, sink: sink, sink.yield)
    }

    /// ``read(_:)`` adding at most `readLimit` bytes to the buffer at a time, after sniffing
    /// `sniffLength` bytes; tests use tiny limits to cut every line, token and tag. With a sink,
    /// CSV rows are parsed by its jobs (``read(into:)``).
    func read(readLimit: Int, sniffLength: Int, sink: FixSink? = nil, _ body: (Fix) throws -> Void) throws -> TraceReadReport {
        let input = try TraceInput(path: path, readLimit: readLimit)
        let head = try input.peek(sniffLength, orFirstLine: options.follow)
        guard head.contains(where: { !ByteClass.isSpace($0) }) else { throw TraceError.empty(file: path) }
        let format = try resolveFormat(head: head)
        var report = TraceReadReport(file: path, format: format, samplesPerReason: options.samplesPerReason)
        // Fixes the engine rejects outright (its first two admission rules) do not make a file
        // usable: for `feed`, a GPX track whose points have no <time> is an error, not zero admitted fixes.
        var counts = FixCounts()
        let counting: (Fix) throws -> Void = { fix in
            counts.count(fix)
            try body(fix)
        }
        let counted = options.requiresTimedFix ? counting : body
        switch format {
        case .csv:
            if let sink, !options.follow {
                try CSVTraceReader(options: options, chunkBytes: csvChunkBytes).read(input, into: &report, counts: &counts, sink: sink)
            } else {
                try CSVTraceReader(options: options).read(input, into: &report, counted)
            }
        case .ndjson: try NDJSONTraceReader(options: options).read(input, into: &report, counted)
        case .nmea: try NMEATraceReader(options: options).read(input, into: &report, counted)
        case .gpx: try GPXTraceReader(options: options).read(input, into: &report, counted)
        case .geojson: try GeoJSONTraceReader(options: options).read(input, into: &report, counted)
        }
        report.bytes = input.bytesRead
        guard report.fixes > 0, counts.usable > 0 || !options.requiresTimedFix else {
            var reasons = report.skippedByName
            if counts.badCoordinates > 0 { reasons["bad-coordinates"] = counts.badCoordinates }
            if counts.noTime > 0 { reasons["no-time"] = counts.noTime }
            throw TraceError.noUsableFix(file: path, format: format, skipped: reasons)
        }
        return report
    }

    /// The forced format, else the extension's checked against the content, else the sniffed one.
    private func resolveFormat(head: [UInt8]) throws(TraceError) -> TraceFormat {
        let sniffed = TraceFormat.sniff(head)
        let claimed: TraceFormat
        if let format {
            claimed = format
        } else if let fromExtension = TraceFormat.fromExtension(of: path) {
            let name = path.lowercased()
            if sniffed == .ndjson && (name.hasSuffix(".json") || name.hasSuffix(".json.gz")) { return .ndjson }
            // A JSON object with no GeoJSON type in the sniffed bytes (a first line longer than
            // them, say) is only guessed to be GeoJSON: a name saying NDJSON wins.
            if fromExtension == .ndjson, sniffed == .geojson, !TraceFormat.namesGeoJSONType(head) { return .ndjson }
            if let sniffed, sniffed != fromExtension {
                throw .notFormat(
                    file: path, expected: fromExtension,
                    reason: "the content looks like \(sniffed.rawValue.uppercased())")
            }
            claimed = fromExtension
        } else if let sniffed {
            return sniffed
        } else {
            throw .unknownFormat(file: path)
        }
        if let problem = Self.contentProblem(claimed, head: head) {
            throw .notFormat(file: path, expected: claimed, reason: problem)
        }
        return claimed
    }

    /// Why the first bytes cannot start a file of `format`, or nil when they can.
    private static func contentProblem(_ format: TraceFormat, head: [UInt8]) -> String? {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { !ByteClass.isSpace($0) }) else { return "it is blank" }
        let expected: [UInt8]
        switch format {
        case .gpx: expected = [UInt8(ascii: "<")]
        case .nmea: expected = [UInt8(ascii: "$"), UInt8(ascii: "!")]
        case .ndjson: expected = [UInt8(ascii: "{"), UInt8(ascii: "2"), UInt8(ascii: "1")]
        case .geojson: expected = [UInt8(ascii: "{")]
        case .csv: return first == 0 || first == UInt8(ascii: "<") || first == UInt8(ascii: "{") ? "it has no header row" : nil
        }
        if expected.contains(first) { return nil }
        let start = bytes.prefix(while: { $0 != 0x0A }).prefix(24)
        let shown = String(decoding: start, as: UTF8.self).unicodeScalars
            .map { $0.value < 0x20 || $0.value == 0xFFFD ? "?" : String($0) }.joined()
        return "it starts with \"\(shown)\""
    }
}
