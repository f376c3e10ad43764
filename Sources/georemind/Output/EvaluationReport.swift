import Foundation
import GeoReminders
import GeofenceEngine

/// Prints the events of an evaluation run as they come, then its summary on stderr.
struct EvaluationReport {
    let json: Bool
    private let encoder = JSONLines.makeEncoder()

    init(json: Bool) {
        self.json = json
    }

    func print(_ event: AlarmEvent) throws {
        let view = AlarmEventJSON(event)
        if json {
            var text = JSONText(capacity: 512)
            view.write(to: &text)
            Swift.print(text.text)
        } else {
            Swift.print(view.line)
        }
    }

    /// `{"admitted": N, "rejected": {REASON: N}, "dropped": {REASON: N}}` with `--json`, else
    /// `120 fixes admitted; rejected: no-time 2; dropped: out-of-order 1` (zero counts left out).
    func printSummary(_ summary: EvaluationSummary) throws {
        let line: String
        if json {
            line = try JSONLines.encode(SummaryJSON(summary), with: encoder)
        } else {
            func counts(_ reasons: [RejectionReason: Int]) -> String {
                let nonzero = reasons.filter { $0.value > 0 }.sorted { $0.key.rawValue < $1.key.rawValue }
                return nonzero.isEmpty ? "none" : nonzero.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
            }
            let alarms = summary.events == 1 ? "1 alarm" : "\(summary.events) alarms"
            line = "\(summary.admitted) fixes admitted, \(alarms) fired; rejected: \(counts(summary.rejected)); dropped: \(counts(summary.dropped))"
        }
        // The events went to stdout through its buffer; flush it (nil: every stream) so they come first.
        fflush(nil)
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private struct SummaryJSON: Encodable {
        var admitted: Int
        var rejected: [String: Int]
        var dropped: [String: Int]

        init(_ summary: EvaluationSummary) {
            admitted = summary.admitted
            rejected = Dictionary(uniqueKeysWithValues: summary.rejected.map { ($0.key.rawValue, $0.value) })
            dropped = Dictionary(uniqueKeysWithValues: summary.dropped.map { ($0.key.rawValue, $0.value) })
        }
    }
}
