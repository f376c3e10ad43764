import Foundation
import GeoReminders
import GeofenceEngine

/// The feed workload: location reminders (radius 50–500 m, half arriving, half leaving,
/// every tenth with a timed alarm) in a 50 × 50 km area around Munich, and fixes of several
/// devices walking in it (1–15 m per one-second step), interleaved in time order. Seeded.
struct FeedWorkload {
    static let center = Coordinate(latitude: 48.1, longitude: 11.5)
    static let latitudeHalfSpan = 25_000 / 111_200.0
    static let longitudeHalfSpan = 25_000 / (111_320 * cos(center.latitude * .pi / 180))
    static let start = 800_000_000.0

    let reminderCount: Int
    let deviceCount: Int
    let fixCount: Int
    private var random = SeededGenerator(seed: 6)

    init(reminders: Int = 10_000, devices: Int = 20, fixes: Int = 1_000_000) {
        reminderCount = reminders
        deviceCount = devices
        fixCount = fixes
    }

    /// Saves the reminders into `store` in one commit; returns their places as engine fences.
    /// `creator` names reminder n's account (nil: the first account's).
    @discardableResult
    mutating func seed(_ store: ReminderStore, creator: (Int) -> String? = { _ in nil }) throws -> [Fence] {
        var fences: [Fence] = []
        let c = Self.center, lat = Self.latitudeHalfSpan, lon = Self.longitudeHalfSpan
        for n in 0..<reminderCount {
            let place = StructuredLocation(
                title: "Place \(n)",
                latitude: c.latitude + .random(in: -lat...lat, using: &random),
                longitude: c.longitude + .random(in: -lon...lon, using: &random),
                radius: .random(in: 50...500, using: &random))
            fences.append(
                try .circle(
                    id: "f\(n)", center: Coordinate(latitude: place.latitude, longitude: place.longitude),
                    radius: place.radius))
            var alarms: [Alarm] = [.location(place, n % 2 == 0 ? .enter : .leave)]
            if n % 10 == 0 {
                alarms.append(.absolute(Date(timeIntervalSinceReferenceDate: Self.start + .random(in: 0...60_000, using: &random))))
            }
            var reminder = Reminder(
                title: "Reminder \(n)", creationDate: Date(timeIntervalSinceReferenceDate: Self.start - Double(n)), alarms: alarms)
            reminder.creator = creator(n)
            _ = try store.save(reminder, commit: false)
        }
        try store.commit()
        return fences
    }

    /// Calls `body` with every fix, devices interleaved in time order.
    mutating func walk(_ body: (Fix) throws -> Void) rethrows {
        let c = Self.center, lat = Self.latitudeHalfSpan, lon = Self.longitudeHalfSpan
        var latitudes = (0..<deviceCount).map { _ in c.latitude + .random(in: -lat...lat, using: &random) }
        var longitudes = (0..<deviceCount).map { _ in c.longitude + .random(in: -lon...lon, using: &random) }
        var headings = (0..<deviceCount).map { _ in Double.random(in: 0..<(2 * .pi), using: &random) }
        let names = (0..<deviceCount).map { "device-\($0)" }
        for i in 0..<fixCount {
            let d = i % deviceCount
            headings[d] += .random(in: -0.3...0.3, using: &random)
            let step = Double.random(in: 1...15, using: &random)
            latitudes[d] += step * cos(headings[d]) / 111_200
            longitudes[d] += step * sin(headings[d]) / (111_320 * cos(latitudes[d] * .pi / 180))
            if abs(latitudes[d] - c.latitude) > lat {
                headings[d] = .pi - headings[d]
                latitudes[d] = c.latitude + (latitudes[d] > c.latitude ? 1 : -1) * lat
            }
            if abs(longitudes[d] - c.longitude) > lon {
                headings[d] = -headings[d]
                longitudes[d] = c.longitude + (longitudes[d] > c.longitude ? 1 : -1) * lon
            }
            let time = Self.start + Double(i / deviceCount) + Double(d) * 0.01
            try body(
                Fix(
                    time: Date(timeIntervalSinceReferenceDate: time), latitude: latitudes[d], longitude: longitudes[d],
                    accuracy: 8, device: names[d]))
        }
    }
}
