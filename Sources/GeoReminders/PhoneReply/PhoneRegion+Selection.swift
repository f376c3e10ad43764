import Foundation
import GeofenceEngine

extension PhoneRegion {
    /// The regions of the `limit` location alarms nearest `position` among open `reminders`, nearest
    /// first (ties by `rid`): alarms that can fire (proximity enter or leave). A place watched as
    /// an area is sent as the circle around its centre that holds every vertex (the phones know
    /// only circles).
    public static func nearest(to position: Coordinate, among reminders: [Reminder], limit: Int = phoneLimit) -> [PhoneRegion] {
        var candidates: [(distance: Double, region: PhoneRegion)] = []
        for reminder in reminders where !reminder.isCompleted {
            for region in regions(of: reminder) {
                candidates.append((Geodesic.wgs84.distance(from: position, to: region.centre), region))
            }
        }
        candidates.sort { ($0.distance, $0.region.id) < ($1.distance, $1.region.id) }
        return uniquelyTitled(candidates.prefix(limit).map(\.region))
    }

    /// A reminder's location alarms as regions, in alarm order.
    static func regions(of reminder: Reminder) -> [PhoneRegion] {
        reminder.alarms.compactMap { alarm in
            guard let (location, _) = alarm.geofence else { return nil }
            let centre = Coordinate(latitude: location.latitude, longitude: location.longitude)
            let radius =
                location.area.map { area in
                    area.rings.joined().map { Geodesic.wgs84.distance(from: centre, to: $0) }.max() ?? location.effectiveRadius
                } ?? location.effectiveRadius
            return PhoneRegion(
                id: id(reminderID: reminder.id, alarmID: alarm.id), stamp: stamp(reminderID: reminder.id, alarmID: alarm.id),
                title: displayTitle(reminder: reminder.title, place: location.title),
                latitude: location.latitude, longitude: location.longitude, radius: max(1, Int(radius.rounded())),
                reminderID: reminder.id, alarmID: alarm.id)
        }
    }

    var centre: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }

    /// `Title (Place)`, or the title alone when the place has no title of its own.
    public static func displayTitle(reminder: String, place: String) -> String {
        let place = place.trimmingCharacters(in: .whitespaces)
        return place.isEmpty || place == reminder ? reminder : "\(reminder) (\(place))"
    }

    /// `title` without what iOS reads as syntax in a `desc`: `:` and `|` become spaces (one where
    /// they meet another), a leading `+` goes; "Reminder" when nothing is left.
    public static func safeTitle(_ title: String) -> String {
        // Nearly every title needs nothing: answered from its bytes, without walking it as
        // characters (which, for the 20 regions of every moving phone, was 8 % of serve's CPU).
        if let first = title.unicodeScalars.first, let last = title.unicodeScalars.last, first != "+",
            !CharacterSet.whitespaces.contains(first), !CharacterSet.whitespaces.contains(last),
            !title.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "|") })
        {
            return title
        }
        var safe = ""
        for character in title {
            let replaced: Character = character == ":" || character == "|" ? " " : character
            // "Leave work: send the timesheet" reads "Leave work send the timesheet", not with two spaces.
            if replaced == " ", safe.last == " " { continue }
            safe.append(replaced)
        }
        while safe.hasPrefix("+") { safe.removeFirst() }
        safe = safe.trimmingCharacters(in: .whitespaces)
        return safe.isEmpty ? "Reminder" : safe
    }

    /// iOS names the OS region after `desc` and splits it at `:` (name:uuid:major:minor) and `|`
    /// (monitoring modes), and a leading `+` makes a silent region: those become spaces or go, and
    /// a title already given gets ` (2)`, ` (3)`… (two regions with one name would collide).
    static func uniquelyTitled(_ regions: [PhoneRegion]) -> [PhoneRegion] {
        var seen: Set<String> = []
        return regions.map { region in
            let base = safeTitle(region.title)
            var title = base
            var number = 2
            while seen.contains(title) {
                title = "\(base) (\(number))"
                number += 1
            }
            seen.insert(title)
            var named = region
            named.title = title
            return named
        }
    }
}
