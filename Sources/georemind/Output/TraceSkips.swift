import GeofenceEngine
import TraceFormats

/// The records the trace readers passed over, summed across the files of one `feed`, with the
/// first few places of each reason so the summary can name file and line.
struct TraceSkips {
    static let samplesShown = 5
    private(set) var counts: [String: Int] = [:]
    private(set) var samples: [String: [TraceLocation]] = [:]

    mutating func add(_ report: TraceReadReport) {
        for (reason, count) in report.skipped { counts[reason.rawValue, default: 0] += count }
        for (reason, places) in report.samples {
            let kept = samples[reason.rawValue, default: []]
            samples[reason.rawValue] = kept + places.prefix(Self.samplesShown - kept.count)
        }
    }

    /// One line per reason, e.g. `unparsable 7: trace.csv:12, trace.csv:40 (+5 more)`.
    var lines: [String] {
        counts.keys.sorted().map { reason in
            let count = counts[reason]!
            let places = samples[reason, default: []]
            let more = count > places.count ? " (+\(count - places.count) more)" : ""
            return "\(reason) \(count): " + places.map(\.description).joined(separator: ", ") + more
        }
    }
}
