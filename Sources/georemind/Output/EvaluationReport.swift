import Foundation
import GeoReminders
import GeofenceEngine
import ReminderViews
import Synchronization

/// Prints the events of an evaluation run as they come, then its summary on stderr.
struct EvaluationReport {
    let json: Bool
    /// The zone of the readable lines' times; JSON stays UTC.
    let timeZone: TimeZone
    /// Flush standard output after each event, so a pipe's reader sees it at once (`feed --follow`).
    let flushesEachEvent: Bool
    private let encoder = JSONLines.makeEncoder()

    init(json: Bool, timeZone: TimeZone = .current, flushesEachEvent: Bool = false) {
        self.json = json
        self.timeZone = timeZone
        self.flushesEachEvent = flushesEachEvent
    }

    func print(_ event: AlarmEvent) throws {
        Swift.print(line(for: event))
        if flushesEachEvent { fflush(nil) }
    }

    /// Prints `events` in order, formatted on up to `threads` threads when there are many (the
    /// events of a whole trace come at once, and formatting them is most of the run's serial end).
    func print<Events: RandomAccessCollection & Sendable>(_ events: Events, threads: Int) throws
    where Events.Element == AlarmEvent, Events.Index == Int {
        guard !flushesEachEvent else {
            for event in events { try print(event) }
            return
        }
        // 8,192 events at a time, so the text held at once stays a few megabytes.
        for start in stride(from: events.startIndex, to: events.endIndex, by: 8_192) {
            let count = min(events.endIndex - start, 8_192)
            let parts = count >= 1_024 ? max(1, threads) : 1
            let texts = Mutex([[UInt8]](repeating: [], count: parts))
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let text = lines(events[(start + count * part / parts)..<(start + count * (part + 1) / parts)])
                texts.withLock { $0[part] = text }
            }
            for text in texts.withLock({ $0 }) { try write(text) }
        }
    }

    /// The lines of `events` as printed, UTF-8: written straight into one buffer for JSON (no
    /// string per event; `feed` prints tens of thousands at its end).
    private func lines(_ events: some Collection<AlarmEvent>) -> [UInt8] {
        guard json else {
            var text = ""
            for event in events {
                text += line(for: event)
                text += "\n"
            }
            return Array(text.utf8)
        }
        var text = JSONText(capacity: events.count * 512)
        for event in events {
            AlarmEventJSON(event).write(to: &text)
            text.endLine()
        }
        return text.bytes
    }

    /// Writes to standard output after what `Swift.print` left in its buffer, so lines keep their order.
    private func write(_ bytes: [UInt8]) throws {
        fflush(nil)
        try FileHandle.standardOutput.write(contentsOf: bytes)
    }

    /// One event as printed: a JSON object, or a readable line in ``timeZone``.
    private func line(for event: AlarmEvent) -> String {
        let view = AlarmEventJSON(event)
        guard json else { return view.line(in: timeZone) }
        var text = JSONText(capacity: 512)
        view.write(to: &text)
        return text.text
    }

    /// `{"admitted": N, "rejected": {REASON: N}, "dropped": {REASON: N}}` with `--json`, else
    /// `120 fixes admitted; rejected: no-time 2; dropped: out-of-order 1` (zero counts left out).
    /// Records the readers passed over (`skips`) count as rejected, under the reader's reason; the
    /// text form then names the first few of each by file and line.
    func printSummary(_ summary: EvaluationSummary, skips: TraceSkips = TraceSkips()) throws {
        var line: String
        if json {
            line = try JSONLines.encode(SummaryJSON(summary, skips: skips), with: encoder)
        } else {
            func counts(_ reasons: [String: Int]) -> String {
                let nonzero = reasons.filter { $0.value > 0 }.sorted { $0.key < $1.key }
                return nonzero.isEmpty ? "none" : nonzero.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            }
            let rejected = SummaryJSON.names(summary.rejected).merging(skips.counts) { $0 + $1 }
            let alarms = summary.events == 1 ? "1 alarm" : "\(summary.events) alarms"
            line =
                "\(summary.admitted) fixes admitted, \(alarms) fired; rejected: \(counts(rejected)); dropped: \(counts(SummaryJSON.names(summary.dropped)))"
            for skipped in skips.lines { line += "\nskipped \(skipped)" }
        }
        // The events went to stdout through its buffer; flush it (nil: every stream) so they come first.
        fflush(nil)
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private struct SummaryJSON: Encodable {
        var admitted: Int
        var rejected: [String: Int]
        var dropped: [String: Int]

        init(_ summary: EvaluationSummary, skips: TraceSkips) {
            admitted = summary.admitted
            rejected = Self.names(summary.rejected).merging(skips.counts) { $0 + $1 }
            dropped = Self.names(summary.dropped)
        }

        static func names(_ counts: [RejectionReason: Int]) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) })
        }
    }
}
