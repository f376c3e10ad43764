import GeofenceEngine

/// One geodesic of a route, with where it starts along the whole trip, so a distance
/// travelled maps to a point without summing legs again.
struct TripLeg: Sendable {
    let start: Coordinate
    /// Degrees clockwise from north at `start`.
    let azimuth: Double
    let length: Double
    /// Metres travelled along the trip before this leg.
    let offset: Double

    /// The point `distance` metres into this leg; exactly `start` at 0.
    func point(at distance: Double) -> Coordinate {
        distance > 0 ? Geodesic.wgs84.destination(from: start, azimuth: azimuth, distance: distance) : start
    }
}
