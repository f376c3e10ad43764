/// Where in a trace a record sits: the file (as named to the reader) and its 1-based line.
///
/// For GeoJSON, `line` is where the feature's opening brace is.
public struct TraceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}

/// What a read produced: how many fixes were yielded and what was skipped, by reason.
public struct TraceReadReport: Sendable, Equatable {
    public var file: String
    public var format: TraceFormat
    /// Fixes passed to the reader's body.
    public var fixes: Int = 0
    /// Records passed over, per reason.
    public var skipped: [SkipReason: Int] = [:]
    /// The first few records passed over, per reason.
    public var samples: [SkipReason: [TraceLocation]] = [:]
    /// Bytes read after decompression.
    public var bytes: Int = 0

    let samplesPerReason: Int

    init(file: String, format: TraceFormat, samplesPerReason: Int) {
        self.file = file
        self.format = format
        self.samplesPerReason = samplesPerReason
    }

    /// The skip counts keyed by the reasons' stable names, as the CLI prints them.
    public var skippedByName: [String: Int] {
        Dictionary(uniqueKeysWithValues: skipped.map { ($0.key.rawValue, $0.value) })
    }

    /// The total number of records passed over.
    public var totalSkipped: Int { skipped.values.reduce(0, +) }

    mutating func skip(_ reason: SkipReason, line: Int) {
        let count = skipped[reason, default: 0]
        skipped[reason] = count + 1
        if count < samplesPerReason {
            samples[reason, default: []].append(TraceLocation(file: file, line: line))
        }
    }
}

extension TraceReadReport {
    /// A report of the same file and format with nothing in it yet (for a part of the file).
    func emptied() -> TraceReadReport {
        TraceReadReport(file: file, format: format, samplesPerReason: samplesPerReason)
    }

    /// Adds what a later part of the file reported, its lines numbered from 1 after `line`:
    /// the same counts and first samples as reading the part's lines here would have recorded.
    mutating func append(_ part: TraceReadReport, after line: Int) {
        fixes += part.fixes
        for (reason, count) in part.skipped { skipped[reason, default: 0] += count }
        for (reason, found) in part.samples where !found.isEmpty {
            let room = samplesPerReason - samples[reason, default: []].count
            guard room > 0 else { continue }
            samples[reason, default: []] += found.prefix(room).map { TraceLocation(file: $0.file, line: $0.line + line) }
        }
    }
}
