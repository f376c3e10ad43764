import CivilTime
import Foundation
import GeoReminders
import ICalendar

/// A calendar-query filter (RFC 4791 §9.7) as far as a VTODO collection needs it: the VCALENDAR
/// and VTODO comp-filters, a VTODO time-range (§9.9) and prop-filters (is-not-defined, text-match
/// with negate-condition, i;ascii-casemap substring) such as Tasks.org's and Evolution's on
/// COMPLETED and STATUS.
package struct CalendarQueryFilter: Hashable, Sendable {
    package struct PropertyFilter: Hashable, Sendable {
        package var name: String
        package var isNotDefined = false
        package var textMatch: String?
        package var negated = false
    }

    /// False when the filter asks for a component a VTODO collection never holds (VEVENT).
    package var matchesTodos = true
    package var timeRange: (start: Date?, end: Date?)?
    package var properties: [PropertyFilter] = []

    package init() {}

    init(_ filter: DAVElement?) throws(DAVError) {
        guard let calendar = filter?.child(.c("comp-filter")) else { return }
        guard calendar.attributes["name"]?.uppercased() == "VCALENDAR" else {
            throw .precondition(403, .c("valid-filter"), "the filter's first comp-filter must name VCALENDAR")
        }
        guard let todo = calendar.child(.c("comp-filter")) else { return }
        guard todo.attributes["name"]?.uppercased() == "VTODO", todo.child(.c("is-not-defined")) == nil else {
            matchesTodos = false
            return
        }
        if let range = todo.child(.c("time-range")) {
            let start = try range.attributes["start"].map(Self.instant)
            let end = try range.attributes["end"].map(Self.instant)
            timeRange = (start, end)
        }
        for element in todo.children(.c("prop-filter")) {
            var property = PropertyFilter(name: element.attributes["name"]?.uppercased() ?? "")
            property.isNotDefined = element.child(.c("is-not-defined")) != nil
            if let match = element.child(.c("text-match")) {
                property.textMatch = match.text
                property.negated = match.attributes["negate-condition"]?.lowercased() == "yes"
            }
            properties.append(property)
        }
    }

    /// Whether the object matches: the time-range read from the reminder, prop-filters from its VTODO.
    package func matches(_ object: CalendarObject) -> Bool {
        guard matchesTodos else { return false }
        if let timeRange {
            // A calendar-query reads its list whole (``CalDAVService/resource(_:reading:)``).
            guard let reminder = object.reminder,
                Self.overlaps(reminder, start: timeRange.start ?? .distantPast, end: timeRange.end ?? .distantFuture)
            else { return false }
        }
        guard !properties.isEmpty else { return true }
        let todo = (try? ICalReader.components(from: Data(object.data)))?.first?.components.first { $0.name == "VTODO" }
        return properties.allSatisfy { filter in
            let found = todo?.properties(named: filter.name) ?? []
            if filter.isNotDefined { return found.isEmpty }
            guard let text = filter.textMatch else { return !found.isEmpty }
            let contains = found.contains { $0.text.lowercased().contains(text.lowercased()) }
            return found.isEmpty ? false : contains != filter.negated
        }
    }

    /// RFC 4791 §9.9: whether any instance of the task overlaps the range. A repeating task's
    /// instances follow its rules from its DTSTART (else its DUE), keeping the span between them;
    /// a rule counted from completion has no instances ahead of time.
    static func overlaps(_ reminder: Reminder, start: Date, end: Date) -> Bool {
        let utc = TimeZone(identifier: "UTC")!
        let dtstart = reminder.startDate?.instant(floatingZone: utc)
        let due = reminder.dueDate?.instant(floatingZone: utc)
        if overlaps(dtstart: dtstart, due: due, reminder: reminder, start: start, end: end) { return true }
        guard let anchor = reminder.startDate ?? reminder.dueDate, let first = dtstart ?? due else { return false }
        let span = (due ?? first).timeIntervalSince(dtstart ?? first)
        for rule in reminder.recurrenceRules where !rule.fromCompletion {
            for occurrence in rule.occurrences(from: anchor).prefix(Self.instancesLimit) {
                let at = occurrence.instant(floatingZone: utc)
                if at > end { break }
                let instanceStart: Date? = reminder.startDate == nil ? nil : at
                let instanceDue: Date? = reminder.startDate == nil ? at : due.map { _ in at + span }
                if overlaps(dtstart: instanceStart, due: instanceDue, reminder: reminder, start: start, end: end) { return true }
            }
        }
        return false
    }

    /// How many instances of a repeating task a time-range looks through (a daily task, 270 years).
    static let instancesLimit = 100_000

    /// RFC 4791 §9.9's table for VTODO, for one instance.
    private static func overlaps(dtstart: Date?, due: Date?, reminder: Reminder, start: Date, end: Date) -> Bool {
        let created = reminder.creationDate
        switch (dtstart, due) {
        case let (s?, d?): return (start < d || start <= s) && (end > s || end >= d)
        case let (s?, nil): return start <= s && end > s
        case let (nil, d?): return start < d && end >= d
        case (nil, nil):
            // georemind always writes CREATED, so the rows without it do not arise.
            guard let c = reminder.completionDate else { return end > created }
            return (start <= created || start <= c) && (end >= created || end >= c)
        }
    }

    /// `YYYYMMDDTHHMMSSZ` (RFC 4791 §9.9: UTC date-time).
    static func instant(_ text: String) throws(DAVError) -> Date {
        let digits = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: digits[range], as: UTF8.self)) }
        guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z"),
            let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15)
        else {
            throw .precondition(403, .c("valid-filter"), "time-range \(text) is no UTC date-time")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard
            let date = calendar.date(
                from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
        else { throw .precondition(403, .c("valid-filter"), "time-range \(text) is no date") }
        return date
    }

    package static func == (a: CalendarQueryFilter, b: CalendarQueryFilter) -> Bool {
        a.matchesTodos == b.matchesTodos && a.properties == b.properties && a.timeRange?.start == b.timeRange?.start
            && a.timeRange?.end == b.timeRange?.end
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(properties) }
}
