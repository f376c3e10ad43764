import Foundation
import GeofenceEngine
import Testing

@testable import GeoReminders

/// The rule of a phone's reply (``PhoneReplyState``): carried until a newer message, never twice after.
@Suite struct PhoneReplyStateTests {
    func alert(_ sequence: Int64) -> PhoneAlert {
        PhoneAlert(
            OutboxEvent(
                id: "evt_\(sequence)", sequence: sequence, type: .arrive,
                reminder: .init(id: "r1", title: "Milk", priority: 0, creationDate: Date(timeIntervalSince1970: 0)), alarmID: "a1",
                device: "ann/pixel", time: Date(timeIntervalSince1970: 1_800_000_000),
                fix: .init(latitude: 47.36, longitude: 8.54, accuracy: 9.6, time: nil),
                location: .init(title: "Shop", latitude: 47.36, longitude: 8.54, radius: 100), distance: 0,
                recordedDate: Date(timeIntervalSince1970: 1_800_000_000), late: false))!
    }

    @Test func regionIdentityIsStable() {
        #expect(PhoneRegion.id(reminderID: "r1", alarmID: "a1") == "gr-5affdaa1e24d")
        #expect(PhoneRegion.stamp(reminderID: "r1", alarmID: "a1") == 1_496_055_803)
    }

    @Test func anAlertReadsAsThePhoneShowsIt() {
        let shown = alert(3)
        #expect(shown.event == .enter && shown.text == "Milk (Shop)" && shown.accuracy == 10)
        #expect(shown.regionID == "gr-5affdaa1e24d" && shown.regionStamp == 1_496_055_803)
        #expect(PhoneRegion.safeTitle("+Milk: 2|3 (Shop)") == "Milk 2 3 (Shop)" && PhoneRegion.safeTitle("+:") == "Reminder")
        // Titles that need nothing come back as they are; leading and trailing spaces (Unicode's
        // too) go, and a title of nothing but spaces is "Reminder".
        #expect(PhoneRegion.safeTitle("Buy milk (Shop)") == "Buy milk (Shop)")
        #expect(PhoneRegion.safeTitle("Leave work: send the timesheet (Work)") == "Leave work send the timesheet (Work)")
        #expect(PhoneRegion.safeTitle("Café 🥐 (Bäckerei)") == "Café 🥐 (Bäckerei)")
        #expect(PhoneRegion.safeTitle(" Milk\t") == "Milk" && PhoneRegion.safeTitle("\u{00A0}Milk\u{2003}") == "Milk")
        #expect(PhoneRegion.safeTitle("   ") == "Reminder" && PhoneRegion.safeTitle("") == "Reminder")
        #expect(PhoneRegion.safeTitle("++ Milk +") == "Milk +")
    }

    @Test func carriedUntilANewerMessageThenNeverAgain() {
        let start = PhoneReplyState(phone: "ann/pixel", acknowledged: 2)
        let first = Date(timeIntervalSince1970: 100)
        let (carried, reply) = start.answering(first, pending: [alert(3)], regions: nil)
        #expect(reply.alerts.map(\.sequence) == [3])
        #expect(carried == PhoneReplyState(phone: "ann/pixel", acknowledged: 2, carried: 3, carriedMessageDate: first))
        // The same message again (a lost reply): the same alert, the state unchanged.
        let (retried, again) = carried.answering(first, pending: [alert(3)], regions: nil)
        #expect(again.alerts.map(\.sequence) == [3] && retried == carried)
        // An older message queued behind: still carried, still not acknowledged.
        let (older, olderReply) = carried.answering(Date(timeIntervalSince1970: 90), pending: [alert(3)], regions: nil)
        #expect(olderReply.alerts.map(\.sequence) == [3] && older == carried)
        // A newer message: acknowledged.
        let (acknowledged, after) = carried.answering(Date(timeIntervalSince1970: 101), pending: [alert(3)], regions: nil)
        #expect(after.isEmpty)
        #expect(acknowledged == PhoneReplyState(phone: "ann/pixel", acknowledged: 3))
    }

    @Test func aMessageWithoutTimeGetsTheAlertButCannotAcknowledgeIt() {
        let start = PhoneReplyState(phone: "p", acknowledged: 0)
        let (state, reply) = start.answering(nil, pending: [alert(1)], regions: nil)
        #expect(reply.alerts.count == 1 && state == start)
    }

    @Test func regionsAreSentUntilAcknowledgedAndOnlyWhenTheSetChanges() {
        let milk = PhoneRegion(
            id: "gr-1", stamp: 1_000_000_001, title: "Milk", latitude: 1, longitude: 2, radius: 100, reminderID: "r", alarmID: "a")
        let bank = PhoneRegion(
            id: "gr-2", stamp: 1_000_000_002, title: "Bank", latitude: 1, longitude: 3, radius: 50, reminderID: "s", alarmID: "b")
        let start = PhoneReplyState(phone: "p", acknowledged: 0)
        let (sent, reply) = start.answering(Date(timeIntervalSince1970: 10), pending: [], regions: [milk, bank])
        #expect(reply.regions == [milk, bank])
        #expect(sent.carriedRegions == "gr-1|1000000001|1.0|2.0|100|Milk\ngr-2|1000000002|1.0|3.0|50|Bank")
        let (resent, again) = sent.answering(Date(timeIntervalSince1970: 10), pending: [], regions: [milk, bank])
        #expect(again.regions == [milk, bank] && resent == sent)
        // Acknowledged; the same set in another order is the same set.
        let (settled, quiet) = sent.answering(Date(timeIntervalSince1970: 11), pending: [], regions: [bank, milk])
        #expect(quiet.isEmpty && settled.carriedRegions == nil && settled.regions == sent.carriedRegions)
    }

    @Test func theNearestTwentyOpenAlarmsWithUniqueSafeTitles() throws {
        var reminders: [Reminder] = []
        for index in 0..<22 {
            var reminder = Reminder(title: index < 2 ? "+Shop: milk|eggs" : "Place \(index)")
            reminder.alarms = [.location(StructuredLocation(title: "", latitude: Double(index) * 0.01, longitude: 0), .enter)]
            reminders.append(reminder)
        }
        reminders[5].isCompleted = true
        let regions = PhoneRegion.nearest(to: Coordinate(latitude: 0, longitude: 0), among: reminders)
        #expect(regions.count == 20)
        #expect(regions.map(\.title).prefix(3) == ["Shop milk eggs", "Shop milk eggs (2)", "Place 2"])
        #expect(!regions.map(\.reminderID).contains(reminders[5].id) && regions.last?.reminderID == reminders[20].id)
        #expect(regions.allSatisfy { $0.radius == 100 })
    }
}
