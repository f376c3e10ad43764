import Foundation
import ICalendar

/// Reminders as one iCalendar stream: a VCALENDAR with VERSION and PRODID, a VTIMEZONE for
/// every TZID used, then one VTODO per reminder in the order given.
///
/// Related RFC 5545 sections: 3.4 (VCALENDAR), 3.6.2 (VTODO), 3.6.5 (VTIMEZONE).
public enum ICalendarExport {
    /// The PRODID georemind writes (RFC 5545 §3.7.3).
    public static let productID = "-//georemind//georemind//EN"

    /// The calendar for `reminders`; `lists` name each reminder's list (X-GEOREMIND-LIST).
    /// `calendarName`, when given, becomes `X-WR-CALNAME`, the calendar title other apps show.
    public static func calendar(
        _ reminders: [Reminder], lists: [ReminderList],
        calendarName: String? = nil
    ) -> ICalComponent {
        var calendar = ICalComponent(
            name: "VCALENDAR",
            properties: [
                ICalProperty(name: "VERSION", value: "2.0"),
                ICalProperty(name: "PRODID", value: productID),
                ICalProperty(name: "CALSCALE", value: "GREGORIAN"),
            ])
        if let calendarName { calendar.append(ICalProperty(name: ICalExtensionName.calendarName, text: calendarName)) }
        let titles = Dictionary(lists.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        for reminder in reminders {
            calendar.append(VTODOEncoder.component(reminder, listTitle: reminder.listID.flatMap { titles[$0] }))
        }
        let years = zonedYears(reminders)
        let unnamed = calendar.insertVTimeZones(years: years)
        // Fixed-offset zones (`GMT+0100`, from a typed `+01:00`) are no Olson names; describe them too.
        let zones = Dictionary(
            reminders.flatMap { [$0.startDate?.timeZone, $0.dueDate?.timeZone] }.compactMap { $0 }
                .map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let position = calendar.components.lastIndex { $0.name == "VTIMEZONE" }.map { $0 + 1 } ?? 0
        calendar.components.insert(
            contentsOf: unnamed.compactMap { zones[$0] }.map { .vtimezone(for: $0, years: years) },
            at: position)
        return calendar
    }

    /// The stream as text: CRLF line ends, folded at 75 octets.
    public static func text(_ reminders: [Reminder], lists: [ReminderList], calendarName: String? = nil) -> String {
        ICalWriter.string(calendar(reminders, lists: lists, calendarName: calendarName))
    }

    public static func data(_ reminders: [Reminder], lists: [ReminderList], calendarName: String? = nil) -> Data {
        ICalWriter.data([calendar(reminders, lists: lists, calendarName: calendarName)])
    }

    /// The years the zoned dates fall in, so each VTIMEZONE covers them; this year when none.
    private static func zonedYears(_ reminders: [Reminder]) -> ClosedRange<Int> {
        var years: [Int] = []
        for reminder in reminders {
            for date in [reminder.startDate, reminder.dueDate] {
                if let date, date.timeZone != nil, date.time != nil { years.append(date.year) }
            }
        }
        guard let low = years.min(), let high = years.max() else {
            let year = Calendar(identifier: .gregorian).component(.year, from: Date())
            return year...year
        }
        return low...high
    }
}

extension ReminderStore {
    /// The reminders `predicate` matches as one iCalendar stream, oldest first. When the
    /// predicate names one list, its title becomes the calendar's name (`X-WR-CALNAME`).
    public func exportICalendar(matching predicate: ReminderPredicate = ReminderPredicate()) throws -> Data {
        let reminders = try self.reminders(matching: predicate, sortedBy: .creationDate)
        let lists = try self.lists()
        var name: String?
        if let ids = predicate.listIDs, ids.count == 1, let id = ids.first {
            let canonical = (try? Reminder.canonicalIdentifier(id)) ?? id
            name = lists.first { $0.id == canonical }?.title
        }
        return ICalendarExport.data(reminders, lists: lists, calendarName: name)
    }
}
