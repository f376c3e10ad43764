import Foundation
import GeofenceEngine

/// Where the content goes on the picture: Web Mercator fitted to the content's bounds with a
/// margin, `width` pixels wide and as tall as the content's shape asks (within 0.4–1.6 × width).
/// Longitudes are unwrapped around the content's middle, so a trace crossing the antimeridian is
/// drawn as one piece rather than spread across the whole world.
package struct Viewport: Sendable {
    package let width: Double
    package let height: Double
    /// Pixels per Web Mercator unit.
    package let scale: Double
    let originX: Double
    let originY: Double
    /// Added to a longitude east of the seam (or west) so the content is contiguous.
    let longitudeShift: Double
    let centreLatitude: Double

    /// Fits `coordinates` (at least one) into `width` pixels, with `margin` pixels on every side.
    package init(fitting coordinates: [Coordinate], width: Double, margin: Double = 40) {
        // Unwrap across the antimeridian when that makes the longitudes' span smaller.
        let longitudes = coordinates.map(\.longitude)
        let plainSpan = (longitudes.max() ?? 0) - (longitudes.min() ?? 0)
        let shifted = longitudes.map { $0 < 0 ? $0 + 360 : $0 }
        let shiftedSpan = (shifted.max() ?? 0) - (shifted.min() ?? 0)
        longitudeShift = shiftedSpan < plainSpan ? 360 : 0
        let latitudes = coordinates.map(\.latitude)
        centreLatitude = ((latitudes.max() ?? 0) + (latitudes.min() ?? 0)) / 2
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for coordinate in coordinates {
            let longitude = longitudeShift != 0 && coordinate.longitude < 0 ? coordinate.longitude + 360 : coordinate.longitude
            let p = WebMercator.project(latitude: coordinate.latitude, longitude: longitude)
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        // A single point, or a line along one axis: at least ~200 m of ground around it.
        let least = 200 / WebMercator.metresPerUnit(atLatitude: centreLatitude)
        if maxX - minX < least {
            let middle = (maxX + minX) / 2
            minX = middle - least / 2
            maxX = middle + least / 2
        }
        if maxY - minY < least {
            let middle = (maxY + minY) / 2
            minY = middle - least / 2
            maxY = middle + least / 2
        }
        self.width = width
        let inner = max(width - 2 * margin, 1)
        let aspect = min(max((maxY - minY) / (maxX - minX), 0.4), 1.6)
        height = (inner * aspect + 2 * margin).rounded()
        scale = min(inner / (maxX - minX), (height - 2 * margin) / (maxY - minY))
        originX = (minX + maxX) / 2 - width / 2 / scale
        originY = (minY + maxY) / 2 - height / 2 / scale
    }

    /// The pixel of a coordinate.
    package func point(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        let longitude = longitudeShift != 0 && coordinate.longitude < 0 ? coordinate.longitude + 360 : coordinate.longitude
        let p = WebMercator.project(latitude: coordinate.latitude, longitude: longitude)
        return ((p.x - originX) * scale, (p.y - originY) * scale)
    }

    /// Metres of ground per pixel at the middle of the picture.
    package var metresPerPixel: Double { WebMercator.metresPerUnit(atLatitude: centreLatitude) / scale }
}
