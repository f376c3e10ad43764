import CivilTime
import Foundation
import GeofenceEngine
import ICalendar
import Testing
import TraceFormats

@testable import GeoReminders

/// Export then import gives back the same reminders, field for field, over thousands of
/// generated reminders of every shape.
struct VTODORoundTripTests {
    private static let lists = [
        ReminderList(id: uuid(0x11), title: "Errands"),
        ReminderList(id: uuid(0x12), title: "Home, garden; shed"),
        ReminderList(id: uuid(0x13), title: "Arbeit – Büro"),
    ]
    private static let zones: [TimeZone?] = [
        nil, ICalDateTime.utc, TimeZone(identifier: "Europe/Paris"),
        TimeZone(identifier: "America/New_York"), TimeZone(identifier: "Asia/Tokyo"),
        TimeZone(identifier: "Australia/Lord_Howe"), TimeZone(identifier: "Asia/Kolkata"),
    ]
    private static let words = [
        "milk", "Grüße", "naïve café", "a,b", "x;y", "back\\slash", "colon:here", "\"quoted\"",
        "caret^", "📚", "日本語のテキスト", "tab\there", "new\nline", "   padded  ", "Ünïcödé",
    ]
    private static let rules = [
        "FREQ=DAILY", "FREQ=WEEKLY;INTERVAL=2", "FREQ=MONTHLY;BYMONTHDAY=-1",
        "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=10",
        "FREQ=DAILY;UNTIL=20301231T235959Z", "FREQ=MONTHLY;BYDAY=2TU;WKST=SU",
    ]

    private struct Generator {
        var rng: SplitMix64

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
        mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

        mutating func identifier() -> String {
            let hex = (0..<32).map { _ in String(int(0...15), radix: 16) }.joined()
            let c = Array(hex)
            return String(c[0..<8]) + "-" + String(c[8..<12]) + "-" + String(c[12..<16]) + "-" + String(c[16..<20])
                + "-" + String(c[20..<32])
        }

        mutating func text(words count: ClosedRange<Int>) -> String {
            (0..<int(count)).map { _ in pick(VTODORoundTripTests.words) }.joined(separator: " ")
        }

        mutating func instant() -> Date { Date(timeIntervalSinceReferenceDate: Double(int(0...1_900_000_000))) }

        mutating func date() -> CivilDateTime {
            let zone = pick(VTODORoundTripTests.zones)
            let time = chance(0.3) ? nil : TimeOfDay(hour: int(0...23), minute: int(0...59), second: int(0...59))
            return CivilDateTime(year: int(1990...2060), month: int(1...12), day: int(1...28), time: time, timeZone: zone)
        }

        mutating func alarm() -> Alarm {
            let trigger: Alarm.Trigger
            switch int(0...2) {
            case 0: trigger = .absolute(date: instant())
            case 1: trigger = .relative(offset: Double(int(-864_000...86_400)))
            default:
                let place = StructuredLocation(
                    title: chance(0.1) ? "" : text(words: 1...3),
                    latitude: Double(int(-90_000_000...90_000_000)) / 1e6,
                    longitude: Double(int(-180_000_000...180_000_000)) / 1e6,
                    radius: chance(0.3) ? 0 : Double(int(1...50_000)) / 10)
                trigger = .location(location: place, proximity: pick(Proximity.allCases))
            }
            var alarm = Alarm(id: identifier(), trigger: trigger)
            if chance(0.3) {
                alarm.firedDate = instant()
                if chance(0.5) { alarm.acknowledgedDate = alarm.firedDate!.addingTimeInterval(Double(int(0...3600))) }
            }
            return alarm
        }

        mutating func reminder() -> Reminder {
            let creation = instant()
            let modification = creation.addingTimeInterval(Double(int(0...10_000_000)))
            let rules = (0..<(chance(0.7) ? 0 : int(1...2))).map { _ in
                try! RecurrenceRule(rrule: pick(VTODORoundTripTests.rules), fromCompletion: chance(0.5))
            }
            var reminder = Reminder(
                id: identifier(), listID: pick(VTODORoundTripTests.lists).id, title: "T " + text(words: 1...12),
                notes: chance(0.5) ? nil : (chance(0.1) ? "" : text(words: 0...40)), priority: int(0...9),
                startDate: chance(0.3) ? date() : nil, dueDate: chance(0.7) ? date() : nil,
                completionDate: chance(0.3) ? instant() : nil, creationDate: creation, lastModifiedDate: modification,
                recurrenceRules: rules, alarms: (0..<int(0...3)).map { _ in alarm() },
                seriesID: chance(0.2) ? identifier() : nil)
            // A rule or an alarm relative to the due date needs a due date (the model's rule).
            let needsDue = !rules.isEmpty || reminder.alarms.contains { if case .relative = $0.trigger { true } else { false } }
            if needsDue, reminder.dueDate == nil { reminder.dueDate = date() }
            return reminder
        }
    }

    private func store(with lists: [ReminderList]) throws -> ReminderStore {
        let store = try memoryStore()
        for list in lists { try store.save(list) }
        return store
    }

    @Test(arguments: [7 as UInt64, 2026])
    func exportImportGivesTheSameReminders(seed: UInt64) throws {
        var generator = Generator(rng: SplitMix64(seed: seed))
        let generated = (0..<1_500).map { _ in generator.reminder() }
        let source = try store(with: Self.lists)
        try source.writeInterchange(lists: [], reminders: generated)
        let stored = try source.reminders().sorted { $0.id < $1.id }
        #expect(stored.count == generated.count)
        for (actual, expected) in zip(stored, generated.sorted { $0.id < $1.id }) {
            expectSameReminder(actual, expected)
        }

        let data = try source.exportICalendar()
        let target = try store(with: Self.lists)
        let report = try target.importICalendar(data, fileName: "export.ics")
        #expect(report.created.count == generated.count)
        #expect(report.skipped.isEmpty)
        #expect(report.notes.isEmpty)
        let imported = try target.reminders().sorted { $0.id < $1.id }
        #expect(imported.count == stored.count)
        for (actual, expected) in zip(imported, stored) {
            expectSameReminder(actual, expected)
        }
        // And once more: nothing changes.
        let again = try target.importICalendar(data, fileName: "export.ics")
        #expect(again.unchanged.count == generated.count)
    }
}
