import CGeodesic

/// Geodesics on an ellipsoid, solved with Karney's algorithms (GeographicLib, through the
/// `CGeodesic` shim): accurate to a few nanometres anywhere, including near-antipodal points.
///
/// Related documentation: <https://geographiclib.sourceforge.io/C++/doc/>.
public struct Geodesic: Sendable {
    /// The WGS84 ellipsoid (a = 6378137 m, f = 1/298.257223563), the datum of GPS fixes.
    public static let wgs84 = Geodesic(equatorialRadius: 6_378_137, flattening: 1 / 298.257223563)!

    public let equatorialRadius: Double
    public let flattening: Double
    private let solver: GeodesicSolver

    /// nil for an ellipsoid GeographicLib rejects (a radius or a polar semi-axis not positive and finite).
    public init?(equatorialRadius: Double, flattening: Double) {
        guard let solver = GeodesicSolver(equatorialRadius: equatorialRadius, flattening: flattening) else { return nil }
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
        self.solver = solver
    }

    /// The inverse problem: distance (m) and azimuths (degrees clockwise from north) between two points.
    public func inverse(from start: Coordinate, to end: Coordinate)
        -> (distance: Double, initialAzimuth: Double, finalAzimuth: Double)
    {
        var s12 = 0.0, azi1 = 0.0, azi2 = 0.0
        georemind_geodesic_inverse(solver.raw, start.latitude, start.longitude, end.latitude, end.longitude, &s12, &azi1, &azi2)
        return (s12, azi1, azi2)
    }

    /// The geodesic distance in metres between two points.
    public func distance(from start: Coordinate, to end: Coordinate) -> Double {
        inverse(from: start, to: end).distance
    }

    /// The direct problem: the point reached after `distance` metres from `start` at `azimuth` degrees.
    public func destination(from start: Coordinate, azimuth: Double, distance: Double) -> Coordinate {
        var lat = 0.0, lon = 0.0, azi2 = 0.0
        georemind_geodesic_direct(solver.raw, start.latitude, start.longitude, azimuth, distance, &lat, &lon, &azi2)
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// The point a `fraction` (0...1) of the way along the geodesic from `start` to `end`.
    public func point(from start: Coordinate, to end: Coordinate, fraction: Double) -> Coordinate {
        let line = inverse(from: start, to: end)
        return destination(from: start, azimuth: line.initialAzimuth, distance: line.distance * fraction)
    }
}
