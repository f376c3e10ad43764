import Foundation
import Testing

@testable import GeoReminders

/// Event ids are stored in outboxes and sent to webhooks: a consumer drops the events it already
/// handled by id, so the same firing must get the same id from every version of the program (these
/// were made by the first implementation). Before the epoch, the time part is 0.
struct EventIDTests {
    @Test(arguments: [
        ("3f2a8c1e-0b4d-4e6f-9a7c-2d5e8f1b3c4a", "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d", 1_700_000_000.0, "evt_01HF7YAT001JZS180M20ZG959G"),
        (
            "c86914be-e97d-4d78-8b67-cd26db7ca6cc", "0c2f4e6a-8b1d-4f3e-a5c7-9e1b3d5f7a9c", 1_700_003_610.005,
            "evt_01HF81RZCN63SBDQYXSW9XBB91"
        ),
        ("", "", 0.0, "evt_0000000000R9G7CGWZQWKRH13Z"),
        ("Réminder ✓", "alarm/1", -86_400.25, "evt_000000000054CGXFWXK5S2423Y"),
    ])
    func idsAreTheSameInEveryVersion(reminderID: String, alarmID: String, seconds: Double, expected: String) {
        #expect(EventID.make(reminderID: reminderID, alarmID: alarmID, time: Date(timeIntervalSince1970: seconds)) == expected)
    }
}

/// A time past the id's 48-bit millisecond field (year 10889), or not a number, makes an id, never a
/// trap: a fuzzed trace with the time `1e17` once crashed `feed` here with SIGILL.
struct EventIDRangeTests {
    @Test(arguments: [1e17, 9.2e18, .greatestFiniteMagnitude, .infinity])
    func aTimePastTheFieldTakesItsLargestValue(seconds: Double) {
        let id = EventID.make(reminderID: "r", alarmID: "a", time: Date(timeIntervalSince1970: seconds))
        #expect(id.hasPrefix("evt_7ZZZZZZZZZ"))
        #expect(id.utf8.count == 30)
    }

    @Test func aTimeThatIsNotANumberTakesZero() {
        let id = EventID.make(reminderID: "r", alarmID: "a", time: Date(timeIntervalSinceReferenceDate: .nan))
        #expect(id.hasPrefix("evt_0000000000"))
    }
}
