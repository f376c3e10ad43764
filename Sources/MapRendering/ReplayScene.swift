import CivilTime
import Foundation
import GeoReminders
import GeofenceEngine

/// Builds the picture of a replay from what the evaluation saw: the armed location alarms' places,
/// every fix with what the engine made of it, and the events it handed out. No rule is decided
/// here; the evaluation (the same as `feed --dry-run`) has decided them.
package struct ReplayScene {
    package var title: String
    package var hysteresis: Double
    package var timeZone: TimeZone
    package var imperial: Bool
    private var tracks: [String: MapScene.Track] = [:]
    private var deviceOrder: [String] = []
    private var markers: [MapScene.Marker] = []

    package init(title: String, hysteresis: Double, timeZone: TimeZone, imperial: Bool) {
        self.title = title
        self.hysteresis = hysteresis
        self.timeZone = timeZone
        self.imperial = imperial
    }

    /// Notes a fix and whether the engine admitted it.
    package mutating func add(_ fix: Fix, _ disposition: FixDisposition) {
        guard fix.coordinate.isValid else { return }
        let device = fix.device ?? "(no device)"
        if tracks[device] == nil {
            tracks[device] = MapScene.Track(device: device)
            deviceOrder.append(device)
        }
        switch disposition {
        case .admitted: tracks[device]!.fixes.append(fix.coordinate)
        case let .rejected(reason): tracks[device]!.rejected.append(.init(coordinate: fix.coordinate, reason: reason.rawValue))
        }
    }

    /// Notes an alarm event (location events become markers; time alarms have no place).
    package mutating func add(_ event: AlarmEvent) {
        guard event.kind != .time, let fix = event.fix else { return }
        markers.append(
            MapScene.Marker(
                coordinate: fix.coordinate, title: event.reminder.title, kind: event.kind.rawValue,
                time: Self.localTime(event.time, in: timeZone), device: fix.device, place: event.location?.title,
                distance: event.distance))
    }

    /// The scene, with the places of `reminders`' location alarms (one outline per distinct place).
    package func scene(reminders: [Reminder]) -> MapScene {
        var places: [MapScene.Place] = []
        var indexByKey: [String: Int] = [:]
        for reminder in reminders {
            for alarm in reminder.alarms {
                guard let (location, proximity) = alarm.geofence else { continue }
                let word = proximity == .leave ? "leaving" : "arriving"
                let key =
                    "\(location.title)|\(location.latitude)|\(location.longitude)|\(location.effectiveRadius)|\(location.area?.geoJSON ?? "")"
                if let index = indexByKey[key] {
                    places[index].label += "; \(reminder.title) (\(word))"
                    continue
                }
                indexByKey[key] = places.count
                places.append(Self.place(location, label: "\(location.title): \(reminder.title) (\(word))", hysteresis: hysteresis))
            }
        }
        return MapScene(
            title: title, places: places, tracks: deviceOrder.compactMap { tracks[$0] }, markers: markers, imperial: imperial)
    }

    static func place(_ location: StructuredLocation, label: String, hysteresis: Double) -> MapScene.Place {
        if let area = location.area {
            // The band of an area is drawn as its outline grown by the hysteresis, roughly: each
            // vertex pushed away from the centre (the engine measures it exactly, to the edge).
            let centre = Coordinate(latitude: location.latitude, longitude: location.longitude)
            let band =
                hysteresis > 0
                ? area.rings[0].map { vertex -> Coordinate in
                    let line = Geodesic.wgs84.inverse(from: centre, to: vertex)
                    return Geodesic.wgs84.destination(from: centre, azimuth: line.initialAzimuth, distance: line.distance + hysteresis)
                } : nil
            return MapScene.Place(
                title: location.title, outline: area.rings[0], holes: Array(area.rings.dropFirst()), band: band, label: label)
        }
        let centre = Coordinate(latitude: location.latitude, longitude: location.longitude)
        return MapScene.Place(
            title: location.title, outline: MapScene.circle(centre: centre, radius: location.effectiveRadius),
            band: hysteresis > 0 ? MapScene.circle(centre: centre, radius: location.effectiveRadius + hysteresis) : nil,
            label: label)
    }

    /// `2026-11-23T17:05:00-05:00`: the time as readable feed lines print it.
    static func localTime(_ date: Date, in zone: TimeZone) -> String {
        ZonedTimestamp.string(date, in: zone) ?? "\(date)"
    }
}
