import FixStreams
import Foundation
import GeofenceEngine

/// Reads CSV with a header row: comma, semicolon or tab separated, RFC 4180 quoting.
///
/// Fields are split in place in the line buffer; a quoted field may not span lines.
/// Related: <https://www.rfc-editor.org/rfc/rfc4180>.
struct CSVTraceReader {
    /// Columns a header may name: far more than any trace has, few enough that a hostile header
    /// cannot make every row's split costly.
    static let maximumColumns = 1_024
    /// Bytes of whole lines one parsing job takes (``read(_:into:counts:sink:)``): some 1,500 rows
    /// of a typical trace, so handing a job over costs little beside parsing it, and its arrays
    /// stay under the allocator's mmap threshold (reused, not faulted in afresh).
    static let chunkBytes = 64 << 10

    let options: TraceReadOptions
    /// ``chunkBytes``, or a few bytes in tests (``TraceReader/csvChunkBytes``).
    var chunkBytes = Self.chunkBytes

    func read(_ input: TraceInput, into report: inout TraceReadReport, _ body: (Fix) throws -> Void) throws {
        var rows: CSVRowParser?
        try input.forEachLine { line, number in
            let bytes = UnsafeBufferPointer(line)
            if ByteClass.trimmed(bytes).isEmpty { return }
            guard rows != nil else {
                rows = CSVRowParser(layout: try CSVLayout(header: bytes, line: number, file: input.file), options: options)
                return
            }
            if let fix = rows!.fix(from: bytes, line: number, report: &report) {
                report.fixes += 1
                try body(fix)
            }
        }
    }

    /// Reads the header on this thread, then hands runs of whole lines to `sink` as jobs that
    /// the pipeline's threads parse (their fixes in file order all the same); returns once they
    /// ran, with their skips and counts merged in file order, as ``read(_:into:_:)`` would report.
    func read(_ input: TraceInput, into report: inout TraceReadReport, counts: inout FixCounts, sink: FixSink) throws {
        var layout: CSVLayout?
        while layout == nil {
            let more = try input.nextLine { line, number in
                let bytes = UnsafeBufferPointer(line)
                if !ByteClass.trimmed(bytes).isEmpty { layout = try CSVLayout(header: bytes, line: number, file: input.file) }
            }
            if !more { return }
        }
        guard let layout else { return }
        // The runs handed and not yet merged; merged every 1,024 runs (64 MB), so that what a
        // reading keeps stays flat however long the file.
        var chunks: [CSVChunk] = []
        var line = input.line
        func merge() throws {
            try sink.awaitJobs()
            for chunk in chunks {
                report.append(chunk.report, after: line)
                counts.add(chunk.counts)
                line += chunk.lines
            }
            chunks.removeAll(keepingCapacity: true)
        }
        do {
            while let lines = try input.nextLines(about: chunkBytes) {
                let chunk = CSVChunk(bytes: lines, layout: layout, options: options, report: report)
                chunks.append(chunk)
                try sink.hand(expecting: chunk.expectedFixes) { fixes in chunk.parse(into: &fixes) }
                if chunks.count == 1_024 { try merge() }
            }
        } catch let error as TraceError {
            // Where the input broke: after every line the jobs parsed.
            try merge()
            throw error.placed(atLine: line + 1)
        }
        try merge()
        input.line = line
    }

    /// A `date` cell and a time-of-day cell read as one ISO 8601 date-time.
    static func joined(date: UnsafeBufferPointer<UInt8>, time: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !date.isEmpty, date.count + time.count < 64 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: date.count + 1 + time.count) { joined in
            _ = joined.initialize(fromContentsOf: date)
            joined[date.count] = UInt8(ascii: "T")
            _ = UnsafeMutableBufferPointer(rebasing: joined[(date.count + 1)...]).initialize(fromContentsOf: time)
            return TraceTime.parseISO8601(UnsafeBufferPointer(joined))
        }
    }

    /// The separator the header uses most: comma, semicolon or tab.
    static func separator(of header: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09]
        let counts = candidates.map { candidate in header.reduce(0) { $0 + ($1 == candidate ? 1 : 0) } }
        return candidates[counts.firstIndex(of: counts.max()!)!]
    }

    /// Splits `line` into `fields` (as many as fit); returns the field count, 0 when a quote
    /// is left open.
    static func split(_ line: UnsafeBufferPointer<UInt8>, separator: UInt8, into fields: inout [CSVField]) -> Int {
        let count = line.count
        var index = 0
        var field = 0
        let capacity = fields.count
        return fields.withUnsafeMutableBufferPointer { fields in
            while true {
                var start = index
                while start < count && line[start] == 0x20 { start += 1 }
                var value = CSVField()
                if start < count && line[start] == UInt8(ascii: "\"") {
                    var cursor = start + 1
                    var closed = false
                    while cursor < count {
                        if line[cursor] == UInt8(ascii: "\"") {
                            if cursor + 1 < count && line[cursor + 1] == UInt8(ascii: "\"") {
                                value.escapedQuotes = true
                                cursor += 2
                                continue
                            }
                            closed = true
                            break
                        }
                        cursor += 1
                    }
                    guard closed else { return 0 }
                    value.start = start + 1
                    value.end = cursor
                    index = cursor + 1
                    while index < count && line[index] != separator { index += 1 }
                } else {
                    value.start = index
                    while index < count && line[index] != separator { index += 1 }
                    value.end = index
                }
                if field < capacity { fields[field] = value }
                field += 1
                if index >= count { return field }
                index += 1
            }
        }
    }
}

/// One field's byte range in its line.
struct CSVField {
    var start = 0
    var end = 0
    /// The field was quoted and holds `""` pairs standing for `"`.
    var escapedQuotes = false

    @inline(__always) func slice(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: line[start..<end])
    }
}
