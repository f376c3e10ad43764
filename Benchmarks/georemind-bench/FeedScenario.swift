import Foundation
import GeoReminders
import GeofenceEngine

/// One shape of user workload for `feed`: how many devices report, how often, how fast they move,
/// how many places they are reminded of and how densely packed, and whether the trace interleaves
/// devices in time order (a server's log) or groups them (one phone export after another). Seeded.
struct FeedScenario: Sendable {
    let name: String
    let devices: Int
    /// Seconds between two fixes of one device.
    let interval: Double
    /// Speeds in m/s, assigned to devices in turn (walkers to cars).
    let speeds: [Double]
    let fences: Int
    /// Half the side of the square the places and devices are in, in metres.
    let halfSpan: Double
    let grouped: Bool
    var fixes = 1_000_000
    var center = Coordinate(latitude: 52.52, longitude: 13.405)

    /// The scenarios `make bench` measures: the two reported as slow first, then one axis varied each.
    static let all: [FeedScenario] = [
        FeedScenario(
            name: "berlin-100dev-10s-10k", devices: 100, interval: 10, speeds: [1.4, 4, 8, 14],
            fences: 10_000, halfSpan: 25_000, grouped: false),
        FeedScenario(
            name: "zurich-20dev-20s-10k", devices: 20, interval: 20, speeds: [1.4, 4, 12],
            fences: 10_000, halfSpan: 25_000, grouped: false, center: Coordinate(latitude: 47.3769, longitude: 8.5417)),
        FeedScenario(
            name: "walker-1dev-1s-10k", devices: 1, interval: 1, speeds: [1.4], fences: 10_000,
            halfSpan: 25_000, grouped: false),
        FeedScenario(
            name: "fleet-10000dev-60s-10k", devices: 10_000, interval: 60, speeds: [8, 14, 20],
            fences: 10_000, halfSpan: 25_000, grouped: false),
        FeedScenario(
            name: "downtown-100dev-10s-10k", devices: 100, interval: 10, speeds: [1.4, 4, 8, 14],
            fences: 10_000, halfSpan: 2_500, grouped: false),
        FeedScenario(
            name: "grouped-100dev-10s-10k", devices: 100, interval: 10, speeds: [1.4, 4, 8, 14],
            fences: 10_000, halfSpan: 25_000, grouped: true),
        FeedScenario(
            name: "berlin-100dev-10s-100", devices: 100, interval: 10, speeds: [1.4, 4, 8, 14],
            fences: 100, halfSpan: 25_000, grouped: false),
        FeedScenario(
            name: "berlin-100dev-10s-100k", devices: 100, interval: 10, speeds: [1.4, 4, 8, 14],
            fences: 100_000, halfSpan: 25_000, grouped: false),
    ]

    private var latitudeSpan: Double { halfSpan / 111_200 }
    private var longitudeSpan: Double { halfSpan / (111_320 * cos(center.latitude * .pi / 180)) }

    /// Saves one location reminder per place (radius 50–500 m, half arriving, half leaving) in one commit.
    func seed(_ store: ReminderStore) throws {
        var random = SeededGenerator(seed: 11)
        let lat = latitudeSpan, lon = longitudeSpan
        for n in 0..<fences {
            let place = StructuredLocation(
                title: "Place \(n)",
                latitude: center.latitude + .random(in: -lat...lat, using: &random),
                longitude: center.longitude + .random(in: -lon...lon, using: &random),
                radius: .random(in: 50...500, using: &random))
            try store.save(
                Reminder(
                    title: "Reminder \(n)", creationDate: Date(timeIntervalSinceReferenceDate: Double(n)),
                    alarms: [.location(place, n % 2 == 0 ? .enter : .leave)]), commit: false)
        }
        try store.commit()
    }

    /// The places of ``seed(_:)`` as circular fences (same seed, same centres and radii), for the engine alone.
    func circles() throws -> [Fence] {
        var random = SeededGenerator(seed: 11)
        let lat = latitudeSpan, lon = longitudeSpan
        return try (0..<fences).map { n in
            let latitude = center.latitude + .random(in: -lat...lat, using: &random)
            let longitude = center.longitude + .random(in: -lon...lon, using: &random)
            let radius = Double.random(in: 50...500, using: &random)
            return try .circle(id: "place-\(n)", center: Coordinate(latitude: latitude, longitude: longitude), radius: radius)
        }
    }

    /// Calls `body` with every fix in trace order: time order across devices, or device after device.
    func walk(_ body: (Fix) throws -> Void) rethrows {
        var random = SeededGenerator(seed: 12)
        let lat = latitudeSpan, lon = longitudeSpan
        var latitudes = (0..<devices).map { _ in center.latitude + .random(in: -lat...lat, using: &random) }
        var longitudes = (0..<devices).map { _ in center.longitude + .random(in: -lon...lon, using: &random) }
        var headings = (0..<devices).map { _ in Double.random(in: 0..<(2 * .pi), using: &random) }
        let names = (0..<devices).map { "device-\($0)" }
        let perDevice = fixes / devices
        func step(_ d: Int, _ i: Int) -> Fix {
            headings[d] += .random(in: -0.3...0.3, using: &random)
            let metres = speeds[d % speeds.count] * interval
            latitudes[d] += metres * cos(headings[d]) / 111_200
            longitudes[d] += metres * sin(headings[d]) / (111_320 * cos(latitudes[d] * .pi / 180))
            if abs(latitudes[d] - center.latitude) > lat {
                headings[d] = .pi - headings[d]
                latitudes[d] = center.latitude + (latitudes[d] > center.latitude ? 1 : -1) * lat
            }
            if abs(longitudes[d] - center.longitude) > lon {
                headings[d] = -headings[d]
                longitudes[d] = center.longitude + (longitudes[d] > center.longitude ? 1 : -1) * lon
            }
            // Whole milliseconds, so the CSV's text is the fix's exact time.
            let time = 1_700_000_000 + Double(i) * interval + Double(d % 1000) * 0.001
            return Fix(time: Date(timeIntervalSince1970: time), latitude: latitudes[d], longitude: longitudes[d], device: names[d])
        }
        if grouped {
            for d in 0..<devices { for i in 0..<perDevice { try body(step(d, i)) } }
        } else {
            for i in 0..<perDevice { for d in 0..<devices { try body(step(d, i)) } }
        }
    }

    /// The trace as CSV `time,device,latitude,longitude` (epoch seconds with milliseconds).
    func writeCSV(to path: String) throws -> Int {
        var text = "time,device,latitude,longitude\n"
        text.reserveCapacity(48 * fixes)
        walk { fix in
            text += String(format: "%.3f,", fix.time!.timeIntervalSince1970)
            text += fix.device!
            text += String(format: ",%.6f,%.6f\n", fix.coordinate.latitude, fix.coordinate.longitude)
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return text.utf8.count
    }
}
