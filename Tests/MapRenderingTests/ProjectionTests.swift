import Foundation
import GeofenceEngine
import Testing

@testable import MapRendering

/// Web Mercator, the fitted viewport and the scale bar, against values worked out by hand.
struct ProjectionTests {
    @Test func webMercatorMatchesTheTileFormula() {
        let origin = WebMercator.project(latitude: 0, longitude: 0)
        #expect(origin.x == 0.5 && origin.y == 0.5)
        let corner = WebMercator.project(latitude: WebMercator.maximumLatitude, longitude: -180)
        #expect(corner.x == 0 && abs(corner.y) < 1e-12)
        // Berlin's tile at zoom 10 is x 550, y 335 (OpenStreetMap's slippy map numbering).
        let berlin = WebMercator.project(latitude: 52.52, longitude: 13.405)
        #expect(Int(berlin.x * 1024) == 550 && Int(berlin.y * 1024) == 335)
        // Past the square world's edge latitudes are clamped, not infinite.
        #expect(WebMercator.project(latitude: 90, longitude: 0).y == WebMercator.project(latitude: 89, longitude: 0).y)
    }

    @Test func theViewportFitsTheContentWithItsMargin() {
        let box = [Coordinate(latitude: 52.0, longitude: 13.0), Coordinate(latitude: 52.1, longitude: 13.2)]
        let viewport = Viewport(fitting: box, width: 1200, margin: 40)
        let a = viewport.point(box[0])
        let b = viewport.point(box[1])
        // 0.2° of longitude fills the 1,120 inner pixels; the height follows the shape.
        #expect(abs(abs(b.x - a.x) - 1120) < 1e-6)
        // In Mercator 0.1° of latitude at 52.05° is 0.1 / cos(52.05°) = 0.8133 × the 0.2° of longitude:
        // 1,120 × 0.8133 + 2 × 40 = 990.9 pixels high.
        #expect(viewport.height == 991)
        #expect(abs((a.x + b.x) / 2 - 600) < 1e-6 && abs((a.y + b.y) / 2 - viewport.height / 2) < 1e-6)
    }

    @Test func aTraceAcrossTheAntimeridianIsDrawnAsOnePiece() {
        let points = [Coordinate(latitude: -17.0, longitude: 179.9), Coordinate(latitude: -17.1, longitude: -179.9)]
        let viewport = Viewport(fitting: points, width: 1200)
        let a = viewport.point(points[0])
        let b = viewport.point(points[1])
        // 0.2° apart, not 359.8°: the two fixes sit the inner width apart, east of each other.
        #expect(b.x > a.x && abs(b.x - a.x) - 1120 < 1e-6)
        #expect(viewport.metresPerPixel < 50)
    }

    static let scaleCases: [(metresPerPixel: Double, imperial: Bool, pixels: Double, label: String)] = [
        (0.5, false, 100, "50 m"),
        (3.0, false, 200.0 / 3, "200 m"),
        (12.0, false, 1000.0 / 12, "1 km"),
        (70.0, false, 10_000.0 / 70, "10 km"),
        (0.5, true, 200 * 0.3048 / 0.5, "200 ft"),
        (20.0, true, 1609.344 / 20, "1 mi"),
    ]

    @Test(arguments: scaleCases)
    func theScaleBarIsTheLongestRoundLengthThatFits(metresPerPixel: Double, imperial: Bool, pixels: Double, label: String) {
        let bar = ScaleBar(metresPerPixel: metresPerPixel, imperial: imperial)
        #expect(bar.label == label)
        #expect(abs(bar.pixels - pixels) < 1e-9)
        #expect(bar.pixels <= 150 && bar.pixels > 50)
    }
}
