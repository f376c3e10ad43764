import CivilTime
import Foundation
import TestSupport
import Testing

@testable import GeoReminders

/// Floating due dates sort and filter as read in the store's zone for floating dates, and their
/// keys follow that zone when a store is reopened with another one.
@Suite struct FloatingDueSortTests {
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    static func store(path: String, floating zone: TimeZone) throws -> ReminderStore {
        var settings = configuration()
        settings.floatingTimeZone = zone
        return try ReminderStore(path: path, configuration: settings)
    }

    /// Zoned 2026-11-23 17:45 in Los Angeles is 2026-11-24 01:45 UTC and 10:45 in Tokyo.
    static let zoned = Reminder(
        id: uuid(1), title: "zoned evening",
        dueDate: CivilDateTime(
            year: 2026, month: 11, day: 23, time: TimeOfDay(hour: 17, minute: 45), timeZone: losAngeles),
        creationDate: date(1))
    /// Floating all-day 2026-11-24: 00:00 wherever the person is.
    static let floatingDay = Reminder(
        id: uuid(2), title: "floating day",
        dueDate: CivilDateTime(
            year: 2026, month: 11, day: 24), creationDate: date(2))
    /// Floating 2026-11-24 09:00.
    static let floatingMorning = Reminder(
        id: uuid(3), title: "floating morning",
        dueDate: CivilDateTime(
            year: 2026, month: 11, day: 24, time: TimeOfDay(hour: 9, minute: 0)), creationDate: date(3))

    func titles(_ store: ReminderStore, _ predicate: ReminderPredicate = ReminderPredicate()) throws -> [String] {
        try store.reminders(matching: predicate, sortedBy: .dueDate).map(\.title)
    }

    @Test func floatingDatesSortInTheStoresZone() throws {
        let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
        let store = try Self.store(path: path, floating: Self.losAngeles)
        for reminder in [Self.floatingMorning, Self.floatingDay, Self.zoned] { try store.save(reminder) }
        // Read as UTC, the floating day (00:00Z = 16:00 the day before in LA) would come first.
        #expect(try titles(store) == ["zoned evening", "floating day", "floating morning"])
    }

    @Test func reopeningInAnotherZoneRekeysFloatingDates() throws {
        let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
        do {
            let store = try Self.store(path: path, floating: Self.losAngeles)
            for reminder in [Self.floatingMorning, Self.floatingDay, Self.zoned] { try store.save(reminder) }
        }
        // In Tokyo the zoned reminder falls at 10:45 on the 24th: after both floating ones.
        let tokyo = try Self.store(path: path, floating: Self.tokyo)
        #expect(try titles(tokyo) == ["floating day", "floating morning", "zoned evening"])
        // A reminder saved from Tokyo is keyed in Tokyo too.
        try tokyo.save(
            Reminder(
                id: uuid(4), title: "floating 10:00",
                dueDate: CivilDateTime(
                    year: 2026, month: 11, day: 24, time: TimeOfDay(hour: 10, minute: 0)), creationDate: date(4)))
        #expect(try titles(tokyo) == ["floating day", "floating morning", "floating 10:00", "zoned evening"])
        // Back in Los Angeles: keys rebuilt again.
        let back = try Self.store(path: path, floating: Self.losAngeles)
        #expect(try titles(back) == ["zoned evening", "floating day", "floating morning", "floating 10:00"])
    }

    @Test func dueRangesReadFloatingDatesInTheStoresZone() throws {
        let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
        let la = try Self.store(path: path, floating: Self.losAngeles)
        for reminder in [Self.floatingMorning, Self.floatingDay, Self.zoned] { try la.save(reminder) }
        // 2026-11-24 00:00 to 09:00 in Los Angeles = 08:00Z to 17:00Z: the floating day only.
        let start = Date(timeIntervalSince1970: 1_795_507_200)  // 2026-11-24T08:00:00Z
        let range = start..<start.addingTimeInterval(9 * 3600)
        #expect(try titles(la, ReminderPredicate(dueRange: range)) == ["floating day"])
    }

    @Test func floatingTimeOnADaylightSavingDay() throws {
        // 2026-03-08 02:30 does not exist in Los Angeles; it is keyed as 03:30 PDT (10:30Z),
        // after a zoned 03:15 PDT (10:15Z) and before a zoned 03:45 PDT (10:45Z).
        let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
        let store = try Self.store(path: path, floating: Self.losAngeles)
        func zoned(_ id: Int, _ minute: Int) -> Reminder {
            Reminder(
                id: uuid(id), title: "zoned 03:\(minute)",
                dueDate: CivilDateTime(
                    year: 2026, month: 3, day: 8, time: TimeOfDay(hour: 3, minute: minute), timeZone: Self.losAngeles),
                creationDate: date(Double(id)))
        }
        try store.save(zoned(1, 45))
        try store.save(
            Reminder(
                id: uuid(2), title: "floating 02:30",
                dueDate: CivilDateTime(
                    year: 2026, month: 3, day: 8, time: TimeOfDay(hour: 2, minute: 30)), creationDate: date(2)))
        try store.save(zoned(3, 15))
        #expect(try titles(store) == ["zoned 03:15", "floating 02:30", "zoned 03:45"])
    }
}
