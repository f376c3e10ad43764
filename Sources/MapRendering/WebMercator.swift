import Foundation
import GeofenceEngine

/// Web Mercator (EPSG:3857) in units of the world's width: x 0…1 west to east from the
/// antimeridian, y 0…1 north to south, as map tiles use it. Latitudes past ±85.051129° (where the
/// square world ends) are clamped.
package enum WebMercator {
    package static let maximumLatitude = 85.051_128_779_806_59

    /// The projected point; `longitude` may lie outside ±180 (a frame unwrapped across the antimeridian).
    package static func project(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let clamped = min(max(latitude, -maximumLatitude), maximumLatitude) * .pi / 180
        let x = (longitude + 180) / 360
        let y = (1 - log(tan(clamped) + 1 / cos(clamped)) / .pi) / 2
        return (x, y)
    }

    /// The ground distance one unit of x covers at `latitude`, in metres (the equator's length
    /// shrunk by the cosine of the latitude), for a scale bar.
    package static func metresPerUnit(atLatitude latitude: Double) -> Double {
        40_075_016.685_578_5 * cos(latitude * .pi / 180)
    }
}
