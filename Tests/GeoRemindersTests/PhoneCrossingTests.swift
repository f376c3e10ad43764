import Foundation
import GeofenceEngine
import Testing

@testable import GeoReminders

/// A phone's own word of a crossing as evidence beside the fixes (docs/alarm-evaluation.md,
/// "Phone transitions"): mapped back to its alarm by `rid` or `wtst`, the first word fires, the
/// other only confirms, and nothing fires twice.
struct PhoneCrossingTests {
    /// The regions ``PhoneRegion`` names the alarm of reminder `n` by.
    func region(_ n: Int) -> (id: String, stamp: Int) {
        (PhoneRegion.id(reminderID: uuid(n), alarmID: uuid(1000 + n)), PhoneRegion.stamp(reminderID: uuid(n), alarmID: uuid(1000 + n)))
    }

    func crossing(
        _ kind: Transition.Kind, of n: Int, byID: Bool = true, trigger: ReportedCrossing.Trigger = .regionMonitoring,
        at seconds: Double, dlat: Double = outside, accuracy: Double? = 30, device: String = "phone"
    ) -> ReportedCrossing {
        ReportedCrossing(
            kind: kind, regionID: byID ? region(n).id : nil, regionStamp: region(n).stamp, trigger: trigger,
            fix: fixAt(seconds, dlat, device: device, accuracy: accuracy))
    }

    /// A live evaluator over `store`, its clock at the end of the test streams.
    func evaluator(_ store: ReminderStore) throws -> AlarmEvaluator {
        let evaluator = try AlarmEvaluator(store: store, mode: .commit, checkpointInterval: 0)
        evaluator.advanceClock(to: date(streamStart + 3_600))
        return evaluator
    }

    func committed(_ evaluator: AlarmEvaluator) throws -> [String] {
        var events: [String] = []
        try evaluator.commitLive { events.append(describe($0)) }
        return events
    }

    @Test func theFirstWordFiresAndTheFixesThatFollowOnlyConfirm() throws {
        let store = try store(with: [reminder(1, "Buy milk", alarms: [arriving(1)]), reminder(2, "Lock up", alarms: [leaving(2)])])
        let evaluator = try evaluator(store)
        #expect(try evaluator.admit(fixAt(0, outside, device: "phone")) == .admitted)
        // iOS: the OS's enter, from a last known position still outside; then the fix inside.
        #expect(try evaluator.corroborate(crossing(.enter, of: 1, at: 50)) == .fired)
        #expect(try committed(evaluator) == ["50 enter Buy milk @phone"])
        #expect(try evaluator.admit(fixAt(60, inside, device: "phone")) == .admitted)
        #expect(try evaluator.corroborate(crossing(.enter, of: 1, at: 50)) == .confirmed)
        #expect(try committed(evaluator).isEmpty)
        #expect(try store.reminder(id: uuid(1))?.alarms.first?.firedDate == date(streamStart + 50))
        // The fixes fired Lock up first; the phone's later leave only confirms it.
        #expect(try evaluator.admit(fixAt(120, outside, device: "phone")) == .admitted)
        #expect(try committed(evaluator) == ["120 leave Lock up 556.0 @phone"])
        #expect(try evaluator.corroborate(crossing(.leave, of: 2, at: 125)) == .confirmed)
        #expect(try committed(evaluator).isEmpty)
    }

    @Test func anEarlierWordReplacesAPendingLaterFixAndAndroidNamesTheRegionByItsStampAlone() throws {
        let store = try store(with: [reminder(1, "Buy milk", alarms: [arriving(1)])])
        let evaluator = try evaluator(store)
        _ = try evaluator.admit(fixAt(0, outside, device: "phone"))
        _ = try evaluator.admit(fixAt(60, inside, device: "phone"))
        #expect(try evaluator.corroborate(crossing(.enter, of: 1, byID: false, at: 40, device: "phone")) == .fired)
        #expect(try committed(evaluator) == ["40 enter Buy milk @phone"])
    }

    @Test func aWordOfTheOtherProximityAnUnknownRegionOrAnAreaFiresNothing() throws {
        let square = try PlaceArea(rings: [
            [
                Coordinate(latitude: 48.85, longitude: 2.35), Coordinate(latitude: 48.86, longitude: 2.35),
                Coordinate(latitude: 48.86, longitude: 2.36), Coordinate(latitude: 48.85, longitude: 2.35),
            ]
        ])
        var area = office
        area.area = square
        let store = try store(with: [
            reminder(1, "Buy milk", alarms: [arriving(1)]), reminder(2, "Campus", alarms: [arriving(2, at: area)]),
        ])
        let evaluator = try evaluator(store)
        #expect(try evaluator.corroborate(crossing(.leave, of: 1, at: 10)) == .unmatched)
        #expect(try evaluator.corroborate(crossing(.enter, of: 2, at: 10)) == .unmatched)
        var foreign = crossing(.enter, of: 1, at: 10)
        foreign.regionID = "gr-000000000000"
        #expect(try evaluator.corroborate(foreign) == .unmatched)
        #expect(try committed(evaluator).isEmpty)
    }

    @Test func androidsOwnCheckOfAVagueLocationWaitsForTheFixes() throws {
        let store = try store(with: [reminder(1, "Buy milk", alarms: [arriving(1)])])
        let evaluator = try evaluator(store)
        // The office's radius is 100 m: a location 300 m vague decides nothing; 30 m does.
        #expect(try evaluator.corroborate(crossing(.enter, of: 1, trigger: .location, at: 10, accuracy: 300)) == .waiting)
        #expect(try evaluator.corroborate(crossing(.enter, of: 1, trigger: .location, at: 10, accuracy: nil)) == .waiting)
        #expect(try committed(evaluator).isEmpty)
        #expect(try evaluator.corroborate(crossing(.enter, of: 1, trigger: .location, at: 20, accuracy: 30)) == .fired)
        #expect(try committed(evaluator) == ["20 enter Buy milk @phone"])
    }

    /// Android reports entering a region it is given while already inside it: the fixes had the
    /// phone inside from its first one, with no arrival, so that `enter` fires nothing; a later
    /// real arrival still does.
    @Test func androidsEnterOfARegionItWasGivenWhileInsideFiresNothing() throws {
        let store = try store(with: [reminder(1, "Buy milk", alarms: [arriving(1)])])
        let evaluator = try evaluator(store)
        #expect(try evaluator.admit(fixAt(0, inside, device: "phone")) == .admitted)
        #expect(try evaluator.corroborate(crossing(.enter, of: 1, byID: false, at: 5, dlat: inside)) == .waiting)
        #expect(try committed(evaluator).isEmpty)
        // iOS never sends that enter, and its app may have slept through leaving: taken at its word.
        #expect(try evaluator.admit(fixAt(0, inside, device: "iphone")) == .admitted)
        #expect(try evaluator.corroborate(crossing(.enter, of: 1, at: 6, dlat: inside, device: "iphone")) == .fired)
        #expect(try committed(evaluator) == ["6 enter Buy milk @iphone"])
        // In a store of its own, a later real arrival of the Android phone still fires.
        let later = try GeoRemindersTests.store(with: [reminder(1, "Buy milk", alarms: [arriving(1)])])
        let android = try self.evaluator(later)
        #expect(try android.admit(fixAt(0, inside, device: "phone")) == .admitted)
        #expect(try android.admit(fixAt(60, outside, device: "phone")) == .admitted)
        #expect(try android.corroborate(crossing(.enter, of: 1, byID: false, at: 120, dlat: inside)) == .fired)
        #expect(try committed(android) == ["120 enter Buy milk @phone"])
    }

    @Test func aWordFromTheFutureOrFromAnotherPersonsPhoneFiresNothing() throws {
        let store = try store(with: [reminder(1, "Buy milk", alarms: [arriving(1)])])
        _ = try store.addAccount(name: "ben")
        _ = try store.addDevice(name: "ben's phone", id: "ben/phone", account: "ben")
        _ = try store.addDevice(name: "anna's phone", id: "anna/phone", account: Account.firstName)
        let evaluator = try evaluator(store)
        #expect(try evaluator.corroborate(crossing(.enter, of: 1, at: 3_600 + 3_600)) == .badTime)
        #expect(try evaluator.corroborate(crossing(.enter, of: 1, at: 10, device: "ben/phone")) == .unmatched)
        #expect(try committed(evaluator).isEmpty)
        #expect(try evaluator.corroborate(crossing(.enter, of: 1, at: 20, device: "anna/phone")) == .fired)
        #expect(try committed(evaluator) == ["20 enter Buy milk @anna/phone"])
    }
}
