import Foundation
import GeofenceEngine
import LiveEvaluation
import Testing

/// A resent fix (same device and time as its last admitted one) is a duplicate, wherever it says
/// the device was; an older one stays out of order; a reset forgets the times.
@Suite struct AdmissionTallyTests {
    let time = Date(timeIntervalSince1970: 1_800_000_000)

    func fix(_ device: String, _ seconds: Double, latitude: Double = 47) -> Fix {
        Fix(time: time + seconds, latitude: latitude, longitude: 8, device: device)
    }

    @Test func aResentFixIsADuplicateAndAnOlderOneOutOfOrder() {
        var tally = AdmissionTally()
        var outcome = IngestOutcome()
        tally.count(fix("a", 10), .admitted, in: &outcome)
        tally.count(fix("a", 10, latitude: 48), .rejected(.outOfOrder), in: &outcome)
        tally.count(fix("a", 5), .rejected(.outOfOrder), in: &outcome)
        // Another device's time says nothing of this one's.
        tally.count(fix("b", 10), .rejected(.outOfOrder), in: &outcome)
        tally.count(fix("a", 20), .rejected(.implausibleSpeed), in: &outcome)
        #expect(outcome.admitted == 1)
        #expect(outcome.rejected == [.duplicate: 1, .outOfOrder: 2, .implausibleSpeed: 1])
    }

    @Test func aResetForgetsTheTimes() {
        var tally = AdmissionTally()
        var outcome = IngestOutcome()
        tally.count(fix("a", 10), .admitted, in: &outcome)
        tally.reset()
        tally.count(fix("a", 10), .rejected(.outOfOrder), in: &outcome)
        #expect(outcome.rejected == [.outOfOrder: 1])
    }
}
