import CivilTime
import Foundation
import ICalendar

/// Writes a ``Reminder`` as a VTODO.
///
/// Instants are written to the second, in UTC. DTSTAMP is the last modification: RFC 5545
/// §3.8.7.2 says so for a calendar without METHOD, which an export is. Priority 0 (undefined,
/// §3.8.1.9) and empty lists of rules or alarms write nothing.
enum VTODOEncoder {
    static func component(_ reminder: Reminder, listTitle: String?) -> ICalComponent {
        var todo = ICalComponent(
            name: "VTODO",
            properties: [
                ICalProperty(name: "UID", value: reminder.id),
                ICalProperty(name: "DTSTAMP", utc: reminder.lastModifiedDate),
                ICalProperty(name: "CREATED", utc: reminder.creationDate),
                ICalProperty(name: "LAST-MODIFIED", utc: reminder.lastModifiedDate),
                ICalProperty(name: "SUMMARY", text: reminder.title),
            ])
        if let notes = reminder.notes { todo.append(ICalProperty(name: "DESCRIPTION", text: notes)) }
        if reminder.priority != 0 { todo.append(ICalProperty(name: "PRIORITY", value: String(reminder.priority))) }
        if let start = reminder.startDate { todo.append(dateProperty("DTSTART", start)) }
        if let due = reminder.dueDate { todo.append(dateProperty("DUE", due)) }
        if reminder.isCompleted {
            todo.append(ICalProperty(name: "STATUS", value: "COMPLETED"))
            if let completed = reminder.completionDate { todo.append(ICalProperty(name: "COMPLETED", utc: completed)) }
            // Nextcloud Tasks and Thunderbird show progress from PERCENT-COMPLETE.
            todo.append(ICalProperty(name: "PERCENT-COMPLETE", value: "100"))
        } else {
            todo.append(ICalProperty(name: "STATUS", value: "NEEDS-ACTION"))
        }
        for rule in reminder.recurrenceRules {
            let parameters =
                rule.fromCompletion
                ? [ICalParameter(name: ICalExtensionName.fromCompletionParameter, value: "TRUE")] : []
            todo.append(ICalProperty(name: "RRULE", parameters: parameters, value: rule.rrule))
        }
        if let listTitle { todo.append(ICalProperty(name: ICalExtensionName.list, text: listTitle)) }
        if let series = reminder.seriesID { todo.append(ICalProperty(name: ICalExtensionName.series, text: series)) }
        if let url = reminder.url { todo.append(ICalProperty(name: "URL", parameters: [], value: url)) }
        if let parent = reminder.parentID {
            todo.append(ICalProperty(name: "RELATED-TO", parameters: [ICalParameter(name: "RELTYPE", value: "PARENT")], value: parent))
        }
        if !reminder.tags.isEmpty { todo.append(ICalProperty(name: "CATEGORIES", textList: reminder.tags)) }
        if let assignee = reminder.assignee { todo.append(ICalProperty(name: ICalExtensionName.assignee, text: assignee)) }
        if let subject = reminder.alarmsFor { todo.append(ICalProperty(name: ICalExtensionName.alarmsFor, text: subject.storageText)) }
        for alarm in reminder.alarms {
            todo.append(VALARMEncoder.component(alarm, description: reminder.title))
        }
        // What the VTODO carried that georemind does not model, as it came.
        if let extras = reminder.iCalendarExtras, let kept = try? ICalReader.components(from: extras).first {
            todo.properties += kept.properties
            todo.components += kept.components
        }
        return todo
    }

    /// A DATE or DATE-TIME; an all-day date keeps its zone in `X-GEOREMIND-TZID`, since
    /// RFC 5545 §3.2.19 forbids TZID on a DATE.
    static func dateProperty(_ name: String, _ date: CivilDateTime) -> ICalProperty {
        guard date.time == nil, let zone = date.timeZone else { return ICalProperty(name: name, date: date) }
        return ICalProperty(
            name: name, date: date,
            extraParameters: [ICalParameter(name: ICalExtensionName.allDayZone, value: zone.identifier)])
    }
}
