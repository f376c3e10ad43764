/// Why a trace could not be read at all; one clear message naming the file and what was wrong.
///
/// Records that are merely unusable do not throw: they are counted in ``TraceReadReport``.
public enum TraceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read (missing, permissions, I/O error).
    case cannotRead(file: String, reason: String)
    /// The file is empty (after decompression).
    case empty(file: String)
    /// Neither the extension nor the first bytes say which format this is.
    case unknownFormat(file: String)
    /// The extension (or the forced format) promises one format, the content is another.
    case notFormat(file: String, expected: TraceFormat, reason: String)
    /// The content is broken at a given line (invalid XML, invalid JSON document...).
    case malformed(file: String, line: Int, reason: String)
    /// The file ends before its content does (unclosed GPX, cut gzip stream).
    case truncated(file: String, line: Int, reason: String)
    /// A CSV header without a column the reader needs.
    case missingColumn(file: String, column: String, header: String)
    /// A single line longer than the reader's buffer may grow to.
    case lineTooLong(file: String, line: Int, limit: Int)
    /// The whole file was read and not one fix came out of it.
    case noUsableFix(file: String, format: TraceFormat, skipped: [String: Int])

    public var description: String {
        switch self {
        case let .cannotRead(file, reason):
            return "\(file): cannot read: \(reason)"
        case let .empty(file):
            return "\(file): the file is empty"
        case let .unknownFormat(file):
            return "\(file): unknown trace format; name it with a .gpx/.csv/.geojson/.nmea/.ndjson extension or force it with --format"
        case let .notFormat(file, expected, reason):
            return "\(file): expected \(expected.rawValue.uppercased()) content, but \(reason)"
        case let .malformed(file, line, reason):
            return "\(file):\(line): malformed: \(reason)"
        case let .truncated(file, line, reason):
            return "\(file):\(line): truncated: \(reason)"
        case let .missingColumn(file, column, header):
            return "\(file):1: no \(column) column in the CSV header (\(header))"
        case let .lineTooLong(file, line, limit):
            return "\(file):\(line): line longer than \(limit) bytes"
        case let .noUsableFix(file, format, skipped):
            let counts = skipped.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            return "\(file): no usable fix in this \(format.rawValue.uppercased()) file"
                + (counts.isEmpty ? "" : " (skipped \(counts))")
        }
    }
}

extension TraceError {
    /// The same error placed at `line` (for a reader that learns line numbers after the fact).
    func placed(atLine line: Int) -> TraceError {
        switch self {
        case let .malformed(file, _, reason): .malformed(file: file, line: line, reason: reason)
        case let .truncated(file, _, reason): .truncated(file: file, line: line, reason: reason)
        case let .lineTooLong(file, _, limit): .lineTooLong(file: file, line: line, limit: limit)
        default: self
        }
    }
}
