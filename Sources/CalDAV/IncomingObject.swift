import Foundation
import GeoReminders
import ICalendar

/// A calendar object a client PUT, made ready for the iCalendar import: checked to be one VTODO
/// (RFC 4791 §4.1), its UID and resource name kept (see ``CalendarObject``), and the location
/// rules applied (docs/caldav.md):
///
/// - A task-level `GEO` (Tasks.org, jtx Board) becomes an arriving location alarm, radius
///   `X-GEOFENCE-RADIUS` (jtx) or ``geoRadius``; it follows the GEO on later PUTs and goes with it.
/// - A PUT that carries no location alarm keeps the stored reminder's location alarms, unless it
///   comes from Apple (PRODID `-//Apple Inc.//…`), whose clients carry them: DAVx5's OpenTasks
///   mapping drops Apple's location VALARM on any edit, and that must not disarm the reminder.
package struct IncomingObject: Sendable {
    package var uid: String
    /// The reminder identifier the UID stands for.
    package var reminderID: String
    /// The calendar to import.
    package var data: Data
    /// Whether the client's calendar carries all the reminder will hold: no location alarm was
    /// carried over or made from GEO. Only then are its bytes served back as the resource
    /// (``GeoReminders/ClientCopy``); otherwise another member's app would not see the alarm.
    package var isVerbatim = true

    /// Tasks.org's default geofence radius in metres, for a GEO without a radius.
    package static let geoRadius = 250
    /// The VALARM placeholder trigger of a location alarm (RFC 9074 §8, Apple).
    static let placeholderTrigger = "19760401T005545Z"

    package init(body: [UInt8], name: String, stored: Reminder?, lists: [ReminderList]) throws(DAVError) {
        let roots: [ICalComponent]
        do { roots = try ICalReader.components(from: Data(body)) } catch {
            throw .precondition(403, DAVName.c("valid-calendar-data"), "not iCalendar: \(error)")
        }
        guard roots.count == 1, var calendar = roots.first, calendar.name == "VCALENDAR" else {
            throw .precondition(403, DAVName.c("valid-calendar-object-resource"), "one VCALENDAR expected")
        }
        let objects = calendar.components.filter { $0.name != "VTIMEZONE" }
        guard objects.allSatisfy({ $0.name == "VTODO" }) else {
            throw .precondition(403, DAVName.c("supported-calendar-component"), "this collection holds VTODO only")
        }
        guard objects.count == 1, let index = calendar.components.firstIndex(where: { $0.name == "VTODO" }),
            let uid = objects[0].property("UID")?.value, !uid.isEmpty
        else {
            throw .precondition(403, DAVName.c("valid-calendar-object-resource"), "one VTODO with a UID expected")
        }
        self.uid = uid
        reminderID = CalendarObject.reminderID(forUID: uid)
        var todo = calendar.components[index]
        todo.removeProperties(named: CalendarObject.uidProperty)
        todo.removeProperties(named: CalendarObject.nameProperty)
        if uid != reminderID { todo.append(ICalProperty(name: CalendarObject.uidProperty, value: uid)) }
        if name != uid + ".ics" { todo.append(ICalProperty(name: CalendarObject.nameProperty, text: name)) }
        todo.removeProperties(named: CalendarObject.parentUIDProperty)
        if let parent = todo.properties.first(where: \.namesParent)?.value,
            parent != CalendarObject.reminderID(forUID: parent)
        {
            todo.append(ICalProperty(name: CalendarObject.parentUIDProperty, value: parent))
        }

        let geoAlarmID = InterchangeIdentifier.nameBased(uid + "/GEO")
        todo.components.removeAll { $0.name == "VALARM" && $0.property("UID")?.value.lowercased() == geoAlarmID }
        if !todo.components.contains(where: Self.isLocationAlarm), let stored {
            let isApple = calendar.property("PRODID")?.value.hasPrefix("-//Apple Inc.//") ?? false
            if !isApple {
                let kept = stored.alarms.filter { alarm in
                    if case .location = alarm.trigger { alarm.id != geoAlarmID } else { false }
                }
                if !kept.isEmpty {
                    var copy = stored
                    copy.alarms = kept
                    let exported = ICalendarExport.calendar([copy], lists: lists)
                    todo.components += exported.components.first { $0.name == "VTODO" }?.components(named: "VALARM") ?? []
                    isVerbatim = false
                }
            }
        }
        if !todo.components.contains(where: Self.isLocationAlarm), let geo = todo.property("GEO"),
            let place = try? geo.geo()
        {
            let radius = todo.property("X-GEOFENCE-RADIUS").flatMap { Double($0.value) }.map { Int($0.rounded()) } ?? Self.geoRadius
            // The place's name: the task's LOCATION when it has one (Tasks.org writes it), else the coordinates.
            let title = todo.property("LOCATION")?.text ?? geo.value
            todo.append(Self.arrivingAlarm(id: geoAlarmID, place: place, radius: radius, title: title))
            isVerbatim = false
        }
        calendar.components[index] = todo
        data = ICalWriter.data([calendar])
    }

    static func isLocationAlarm(_ component: ICalComponent) -> Bool {
        component.name == "VALARM"
            && (component.property("X-APPLE-STRUCTURED-LOCATION") != nil || !component.components(named: "VLOCATION").isEmpty)
    }

    /// Apple's form of an arriving location alarm, which the import arms.
    static func arrivingAlarm(id: String, place: ICalGeo, radius: Int, title: String) -> ICalComponent {
        let location = "geo:" + String(place.latitude) + "," + String(place.longitude)
        return ICalComponent(
            name: "VALARM",
            properties: [
                ICalProperty(name: "UID", value: id),
                ICalProperty(name: "ACTION", value: "DISPLAY"),
                ICalProperty(name: "DESCRIPTION", value: "Reminder"),
                ICalProperty(name: "TRIGGER", parameters: [ICalParameter(name: "VALUE", value: "DATE-TIME")], value: placeholderTrigger),
                ICalProperty(name: "X-APPLE-PROXIMITY", value: "ARRIVE"),
                ICalProperty(
                    name: "X-APPLE-STRUCTURED-LOCATION",
                    parameters: [
                        ICalParameter(name: "VALUE", value: "URI"), ICalParameter(name: "X-APPLE-RADIUS", value: String(radius)),
                        ICalParameter(name: "X-TITLE", value: title),
                    ],
                    value: location),
            ])
    }
}
