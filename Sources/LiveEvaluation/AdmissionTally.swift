import Foundation
import GeofenceEngine

/// Counts fixes as the evaluator disposed of them, telling a resent fix from an old one: a fix with
/// the same device and time as that device's last admitted one is a `duplicate` (a client retrying
/// a request whose answer it lost), whatever its coordinate; an older one stays `out-of-order`.
package struct AdmissionTally: Sendable {
    /// Each device's last admitted fix time since the evaluator was loaded.
    var lastTimes: [String: Date] = [:]

    package init() {}

    /// Adds one fix's disposition to `outcome`.
    package mutating func count(_ fix: Fix, _ disposition: FixDisposition, in outcome: inout IngestOutcome) {
        switch disposition {
        case .admitted:
            outcome.admitted += 1
            if let device = fix.device { lastTimes[device] = fix.time }
        case .rejected(let reason):
            let duplicate = reason == .outOfOrder && fix.device.flatMap { lastTimes[$0] } == fix.time
            outcome.rejected[duplicate ? .duplicate : reason, default: 0] += 1
        }
    }

    /// Forgets the devices' times, when the evaluator is loaded again.
    package mutating func reset() { lastTimes.removeAll() }
}
