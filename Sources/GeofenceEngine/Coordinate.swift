/// A point on the WGS84 ellipsoid, in degrees.
///
/// Values are stored as given; range checks happen where fixes are admitted
/// (``Fix`` admission in the engine) or where fences are built.
public struct Coordinate: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// True when both values are finite and inside [-90, 90] × [-180, 180].
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite
            && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }
}
