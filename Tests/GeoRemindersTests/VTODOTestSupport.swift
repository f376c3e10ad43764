import CivilTime
import Foundation
import ICalendar
import Testing

@testable import GeoReminders

/// Reminders of every kind the VTODO tests pin, with fixed dates and identifiers.
enum VTODOSamples {
    static let list = ReminderList(id: uuid(0xA), title: "Errands")
    static let created = utc("20261001T080000Z")
    static let modified = utc("20261002T093000Z")

    static func utc(_ text: String) -> Date { try! ICalDateTime.utcInstant(text) }

    static func reminder(
        _ n: Int, _ title: String, notes: String? = nil, priority: Int = 0,
        start: CivilDateTime? = nil, due: CivilDateTime? = nil, completion: Date? = nil,
        rules: [RecurrenceRule] = [], alarms: [Alarm] = []
    ) -> Reminder {
        Reminder(
            id: uuid(n), listID: list.id, title: title, notes: notes, priority: priority, startDate: start,
            dueDate: due, completionDate: completion, creationDate: created, lastModifiedDate: modified,
            recurrenceRules: rules, alarms: alarms)
    }

    static func day(_ y: Int, _ m: Int, _ d: Int, zone: TimeZone? = nil) -> CivilDateTime {
        CivilDateTime(year: y, month: m, day: d, timeZone: zone)
    }

    static func time(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ mi: Int, zone: TimeZone? = nil) -> CivilDateTime {
        CivilDateTime(year: y, month: m, day: d, time: TimeOfDay(hour: h, minute: mi), timeZone: zone)
    }

    static let market = StructuredLocation(title: "Albert Cuyp Markt", latitude: 52.35589, longitude: 4.89434, radius: 70.5)
    static let library = StructuredLocation(title: "OBA Oosterdok, Amsterdam", latitude: 52.37575, longitude: 4.90815, radius: 150)

    static let allDay = reminder(1, "Water the plants", priority: 5, due: day(2026, 10, 3))
    static let zoned = reminder(
        2, "Call the bank", notes: "Ask about the fee, and the card; twice\nthen hang up",
        priority: 1, start: time(2026, 10, 5, 9, 0, zone: paris), due: time(2026, 10, 5, 9, 30, zone: paris))
    static let floating = reminder(3, "Stretch", due: time(2026, 10, 6, 18, 30))
    static let utcDue = reminder(4, "Join the call", due: time(2026, 10, 7, 12, 0, zone: ICalDateTime.utc))
    static let absoluteAlarm = reminder(
        5, "Pick up dry cleaning", due: time(2026, 10, 5, 9, 0, zone: paris),
        alarms: [Alarm(id: uuid(105), trigger: .absolute(date: utc("20261005T070000Z")))])
    static let relativeAlarm = reminder(
        6, "Take the bins out", due: day(2026, 10, 8, zone: paris),
        alarms: [Alarm(id: uuid(106), trigger: .relative(offset: -900))])
    static let arriving = reminder(
        7, "Buy stroopwafels",
        alarms: [Alarm(id: uuid(107), trigger: .location(location: market, proximity: .enter))])
    static let leaving = reminder(
        8, "Return library books",
        alarms: [
            Alarm(
                id: uuid(108), trigger: .location(location: library, proximity: .leave),
                firedDate: utc("20261003T101500Z"), acknowledgedDate: utc("20261003T101700Z"))
        ])
    static let repeating = reminder(
        9, "Clean the filter", start: day(2026, 10, 4), due: day(2026, 10, 4),
        rules: [try! RecurrenceRule(rrule: "FREQ=WEEKLY;INTERVAL=2", fromCompletion: true)])
    static let completed = reminder(
        10, "File the tax return", priority: 9, due: day(2026, 9, 30),
        completion: utc("20260929T170500Z"))

    static let all = [allDay, zoned, floating, utcDue, absoluteAlarm, relativeAlarm, arriving, leaving, repeating, completed]
}

/// Compares two reminders field by field, so a failure names the field.
func expectSameReminder(
    _ actual: Reminder?, _ expected: Reminder,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let actual else {
        Issue.record("missing reminder \(expected.id) \(expected.title)", sourceLocation: sourceLocation)
        return
    }
    #expect(actual.id == expected.id, sourceLocation: sourceLocation)
    #expect(actual.listID == expected.listID, "list of \(expected.title)", sourceLocation: sourceLocation)
    #expect(actual.title == expected.title, sourceLocation: sourceLocation)
    #expect(actual.notes == expected.notes, "notes of \(expected.title)", sourceLocation: sourceLocation)
    #expect(actual.priority == expected.priority, "priority of \(expected.title)", sourceLocation: sourceLocation)
    #expect(actual.startDate == expected.startDate, "start of \(expected.title)", sourceLocation: sourceLocation)
    #expect(actual.dueDate == expected.dueDate, "due of \(expected.title)", sourceLocation: sourceLocation)
    #expect(actual.isCompleted == expected.isCompleted, "completion of \(expected.title)", sourceLocation: sourceLocation)
    #expect(actual.completionDate == expected.completionDate, "completion date of \(expected.title)", sourceLocation: sourceLocation)
    #expect(actual.creationDate == expected.creationDate, "creation of \(expected.title)", sourceLocation: sourceLocation)
    #expect(actual.lastModifiedDate == expected.lastModifiedDate, "modified of \(expected.title)", sourceLocation: sourceLocation)
    #expect(actual.recurrenceRules == expected.recurrenceRules, "rules of \(expected.title)", sourceLocation: sourceLocation)
    #expect(
        actual.recurrenceRules.map(\.fromCompletion) == expected.recurrenceRules.map(\.fromCompletion),
        sourceLocation: sourceLocation)
    #expect(actual.alarms == expected.alarms, "alarms of \(expected.title)", sourceLocation: sourceLocation)
    #expect(actual.seriesID == expected.seriesID, sourceLocation: sourceLocation)
}

/// A file under Fixtures/ical/.
func icalFixture(_ name: String) throws -> Data {
    try Data(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/ical/\(name)"))
}
