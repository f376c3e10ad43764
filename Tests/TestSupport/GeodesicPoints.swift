import GeofenceEngine

/// A fence centre used by most rule tests (central Paris).
public let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)

/// The point `metres` from `center` along `azimuth` (0 = due north), placed with the exact solver.
public func offset(_ center: Coordinate, _ metres: Double, azimuth: Double = 0) -> Coordinate {
    Geodesic.wgs84.destination(from: center, azimuth: azimuth, distance: metres)
}
