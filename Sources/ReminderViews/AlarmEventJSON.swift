import CivilTime
import Foundation
import GeoReminders
import GeofenceEngine

/// An alarm event as `feed`, `simulate` and `due` print it with `--json`, one object per line:
/// `{"time", "kind", "reminder": {"id", "title", "priority"}, "location": {"title", "latitude",
/// "longitude", "radius"}, "fix": {"latitude", "longitude", "time"}, "distance"}` (docs/cli.md;
/// location, fix and distance only for location kinds). Times are ISO 8601 UTC with milliseconds
/// when not zero.
package struct AlarmEventJSON: Encodable {
    package struct ReminderRef: Encodable {
        package var id: String
        package var title: String
        package var priority: Int
    }

    /// The radius is the one the geofence used (100 m for a stored 0).
    package typealias Location = LocationJSON

    package struct FixRef: Encodable {
        package var latitude: Double
        package var longitude: Double
        package var time: String?
        /// The device's identifier, on a store of several accounts.
        package var device: String?
    }

    /// The firing's stable id (``GeoReminders/EventID``): the same on a replay of the same
    /// trace, so a consumer of `feed`'s output can drop events it already handled.
    package var id: String
    package var time: String
    package var kind: String
    package var reminder: ReminderRef
    package var location: Location?
    package var fix: FixRef?
    /// Metres from the fence's centre to the fix.
    package var distance: Double?
    /// The account whose device fired it, on a store of several accounts.
    package var person: String?
    /// The event's instant, for readable lines in a zone; not part of the JSON.
    package var date: Date

    /// The place is an area: `distance` is to its outline, not its centre (not encoded).
    package var fromEdge = false

    enum CodingKeys: String, CodingKey {
        case id, time, kind, reminder, location, fix, distance, person
    }

    package init(_ event: AlarmEvent) {
        id = event.id
        date = event.time
        time = JSONLines.preciseTimestamp(event.time)
        kind = event.kind.rawValue
        reminder = ReminderRef(id: event.reminder.id, title: event.reminder.title, priority: event.reminder.priority)
        if event.kind != .time {
            location = event.location.map {
                Location(title: $0.title, latitude: $0.latitude, longitude: $0.longitude, radius: $0.effectiveRadius)
            }
            fix = event.fix.map {
                FixRef(
                    latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude,
                    time: $0.time.map(JSONLines.preciseTimestamp), device: event.person == nil ? nil : $0.device)
            }
            distance = event.distance.map { ($0 * 10).rounded() / 10 }
            fromEdge = event.location?.area != nil
            person = event.person
        }
    }

    /// The readable line, its time in `zone`:
    /// `2026-11-23T17:05:00-05:00  leave  Leave work  Work (262 m from centre)`; for an area, the
    /// distance is to its edge.
    package func line(in zone: TimeZone) -> String {
        let time = ZonedTimestamp.string(date, in: zone) ?? self.time
        var text = "\(time)  \(kind.padding(toLength: 5, withPad: " ", startingAt: 0))  \(reminder.title)"
        if let location {
            text += "  \(location.title)"
            if let distance { text += String(format: fromEdge ? " (%.0f m from the edge)" : " (%.0f m from centre)", distance) }
        }
        if let person { text += "  for \(person)" + (fix?.device.map { " (\($0))" } ?? "") }
        return text
    }
}
