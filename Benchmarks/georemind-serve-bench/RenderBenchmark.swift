import Foundation
import GeofenceEngine
import MapRendering

/// `render`'s drawing of 1,000,000 fixes (one device walking a 50 km random route with 1,000
/// fences and 200 alarm markers): time to build the SVG, and its size (target: seconds, < 5 MB).
func renderBenchmark() throws {
    var state: UInt64 = 2026
    func unit() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
    var track = MapScene.Track(device: "walker")
    var latitude = 52.5, longitude = 13.4, heading = 0.0
    for _ in 0..<1_000_000 {
        heading += (unit() - 0.5) * 0.3
        latitude += 0.000_013 * cos(heading)
        longitude += 0.000_021 * sin(heading)
        track.fixes.append(Coordinate(latitude: latitude, longitude: longitude))
    }
    let places = (0..<1_000).map { index in
        let centre = track.fixes[index * 997]
        return MapScene.Place(
            title: "Place \(index)", outline: MapScene.circle(centre: centre, radius: 100), band: nil, label: "Place \(index)")
    }
    let markers = (0..<200).map { index in
        MapScene.Marker(
            coordinate: track.fixes[index * 4_999], title: "Reminder \(index)", kind: index % 2 == 0 ? "enter" : "leave",
            time: "2026-11-24T08:00:00Z")
    }
    let scene = MapScene(title: "1,000,000 fixes", places: places, tracks: [track], markers: markers)
    let start = Date()
    let text = try SVGMap(scene: scene).text()
    let seconds = Date().timeIntervalSince(start)
    print(String(format: "1,000,000 fixes, 1,000 places, 200 markers: SVG in %.2f s, %.2f MB", seconds, Double(text.utf8.count) / 1e6))
}
