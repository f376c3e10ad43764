import CivilTime
import Foundation
import ICalendar

/// Reads a VTODO into a ``Reminder``, or says why it cannot become one.
///
/// Values that break their RFC 5545 type throw `ICalParseError` naming the line (the file is
/// refused); a VTODO georemind cannot represent (no title, cancelled, an override of one
/// occurrence, a repetition it does not support) is skipped with a reason.
struct VTODODecoder {
    var resolver: ICalTimeZoneResolver
    /// Stands in for CREATED, LAST-MODIFIED and COMPLETED when a file has none of them.
    var now: Date

    /// A VTODO read as a reminder.
    struct Decoded {
        var reminder: Reminder
        var uid: String
        /// The list title the VTODO names (X-GEOREMIND-LIST), if any.
        var listTitle: String?
        var line: Int?
        /// Alarms left out, with why.
        var omissions: [VALARMDecoder.Omission]
    }

    /// A VTODO that cannot become a reminder.
    struct Skip: Error {
        var uid: String
        var title: String
        var line: Int?
        var reason: String
    }

    func decode(_ todo: ICalComponent) throws(ICalParseError) -> Result<Decoded, Skip> {
        // RFC 5545 requires UID; without one, a hash of the VTODO's text still finds it again.
        let uid = todo.property("UID")?.value ?? ICalWriter.string(todo)
        let title = todo.property("SUMMARY")?.text ?? ""
        func skip(_ reason: String) -> Result<Decoded, Skip> {
            .failure(Skip(uid: uid, title: title, line: todo.lineNumber, reason: reason))
        }
        if let recurrenceID = todo.property("RECURRENCE-ID") {
            return skip("line \(recurrenceID.lineNumber ?? 0): it overrides one occurrence (RECURRENCE-ID), which georemind does not keep")
        }
        if Reminder.isBlank(title) { return skip("it has no SUMMARY; a reminder needs a title") }
        let status = todo.property("STATUS")?.value.uppercased()
        if status == "CANCELLED" { return skip("it is cancelled (STATUS:CANCELLED)") }
        var priority = 0
        if let property = todo.property("PRIORITY") {
            priority = try property.integer()
            guard (0...9).contains(priority) else {
                return skip("line \(property.lineNumber ?? 0): PRIORITY \(priority) is outside 0-9 (RFC 5545 §3.8.1.9)")
            }
        }
        let start = try todo.property("DTSTART").map(date)
        var due = try todo.property("DUE").map(date)
        if due == nil, let start, let duration = try todo.property("DURATION")?.durationSeconds() {
            due = Self.adding(duration, to: start)
        }
        let fromCompletion = todo.property(ICalExtensionName.fromCompletionProperty)?.value.uppercased() == "TRUE"
        var rules: [RecurrenceRule] = []
        for property in todo.properties(named: "RRULE") {
            let flagged = property.parameter(ICalExtensionName.fromCompletionParameter)?.uppercased() == "TRUE"
            do {
                rules.append(try RecurrenceRule(rrule: property.value, fromCompletion: flagged || fromCompletion))
            } catch {
                return skip("line \(property.lineNumber ?? 0): RRULE \(property.value): \(error)")
            }
        }
        let stamp = try todo.property("DTSTAMP")?.utcInstant()
        let lastModified = try todo.property("LAST-MODIFIED")?.utcInstant()
        let creation = try todo.property("CREATED")?.utcInstant() ?? stamp ?? now
        let modification = lastModified ?? stamp ?? creation
        let completed = try todo.property("COMPLETED")?.utcInstant()
        let percent = try todo.property("PERCENT-COMPLETE")?.integer()
        let isCompleted = status == "COMPLETED" || (status == nil && (completed != nil || percent == 100))
        let id = InterchangeIdentifier.identifier(forUID: uid)

        var alarms: [Alarm] = []
        var omissions: [VALARMDecoder.Omission] = []
        var keptComponents: [ICalComponent] = []
        let alarmDecoder = VALARMDecoder(reminderID: id, start: start, due: due)
        var alarmPosition = 0
        for component in todo.components {
            guard component.name == "VALARM" else {
                keptComponents.append(component)
                continue
            }
            switch try alarmDecoder.alarm(component, position: alarmPosition) {
            case let .success(alarm): alarms.append(alarm)
            case let .failure(omission):
                // An alarm georemind cannot run is still the user's: it goes back out as it came.
                omissions.append(omission)
                keptComponents.append(component)
            }
            alarmPosition += 1
        }
        var reminder = Reminder(
            id: id, title: title, notes: todo.property("DESCRIPTION")?.text, priority: priority,
            startDate: start, dueDate: due, isCompleted: isCompleted,
            completionDate: isCompleted ? (completed ?? lastModified ?? stamp ?? now) : nil,
            creationDate: creation, lastModifiedDate: modification, recurrenceRules: rules, alarms: alarms,
            seriesID: todo.property(ICalExtensionName.series)?.text)
        reminder.url = todo.property("URL")?.value
        let parent = todo.properties(named: "RELATED-TO").first(where: Self.isParentLink)
        reminder.parentID = parent.map { InterchangeIdentifier.identifier(forUID: $0.value) }
        reminder.tags = todo.properties(named: "CATEGORIES").flatMap(\.textList)
        reminder.assignee = todo.property(ICalExtensionName.assignee)?.text
        if let subject = todo.property(ICalExtensionName.alarmsFor)?.text { reminder.alarmsFor = AlarmSubject(storageText: subject) }
        let keptProperties = todo.properties.filter { property in
            !Self.modelled.contains(property.name) && !(property.name == "RELATED-TO" && property == parent)
        }
        if !keptProperties.isEmpty || !keptComponents.isEmpty {
            reminder.iCalendarExtras = ICalWriter.string(
                ICalComponent(name: "VTODO", properties: keptProperties, components: keptComponents))
        }
        return .success(
            Decoded(
                reminder: reminder, uid: uid, listTitle: todo.property(ICalExtensionName.list)?.text,
                line: todo.lineNumber, omissions: omissions))
    }

    /// The properties the reminder is made of; every other one is kept verbatim in
    /// ``Reminder/iCalendarExtras``. DURATION is modelled: it becomes DUE.
    static let modelled: Set<String> = [
        "UID", "DTSTAMP", "CREATED", "LAST-MODIFIED", "SUMMARY", "DESCRIPTION", "PRIORITY", "DTSTART", "DUE", "DURATION",
        "STATUS", "COMPLETED", "PERCENT-COMPLETE", "RRULE", "URL", "CATEGORIES",
        ICalExtensionName.list, ICalExtensionName.series, ICalExtensionName.fromCompletionProperty,
        ICalExtensionName.assignee, ICalExtensionName.alarmsFor,
    ]

    /// RELATED-TO naming the parent: RELTYPE=PARENT, or no RELTYPE (RFC 5545 §3.2.15's default).
    static func isParentLink(_ property: ICalProperty) -> Bool { property.namesParent }

    /// DTSTART or DUE; an all-day date takes back its zone from X-GEOREMIND-TZID.
    private func date(_ property: ICalProperty) throws(ICalParseError) -> CivilDateTime {
        var date = try property.civilDateTime(resolver: resolver)
        if date.time == nil, let tzid = property.parameter(ICalExtensionName.allDayZone) {
            do { date.timeZone = try resolver.timeZone(for: tzid) } catch {
                throw .invalidValue(line: property.lineNumber, property: property.name, problem: error)
            }
        }
        return date
    }

    /// DTSTART plus DURATION, for a VTODO that gives its end that way (RFC 5545 §3.6.2):
    /// whole days for an all-day start, else seconds on the start's clock.
    static func adding(_ seconds: Int, to start: CivilDateTime) -> CivilDateTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = start.timeZone ?? ICalDateTime.utc
        let instant = start.instant(floatingZone: ICalDateTime.utc)
        guard start.time != nil else {
            calendar.timeZone = ICalDateTime.utc
            let day = calendar.date(byAdding: .day, value: seconds / 86_400, to: start.instant(floatingZone: ICalDateTime.utc))!
            let wall = WallClockReading(day, in: ICalDateTime.utc)
            return CivilDateTime(year: wall.year, month: wall.month, day: wall.day, timeZone: start.timeZone)
        }
        var end = CivilDateTime(instant: instant.addingTimeInterval(Double(seconds)), in: calendar.timeZone)
        end.timeZone = start.timeZone
        return end
    }
}
