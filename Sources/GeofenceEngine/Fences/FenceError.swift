/// Why a fence could not be built.
public enum FenceError: Error, Equatable, Sendable, CustomStringConvertible {
    case badRadius(fence: String, radius: Double)
    case badCenter(fence: String, latitude: Double, longitude: Double)
    /// The WKT or GeoJSON text could not be read as a single polygon.
    case badPolygon(fence: String, reason: String)
    case duplicateID(fence: String)

    public var description: String {
        switch self {
        case let .badRadius(fence, radius):
            "fence '\(fence)': radius \(radius) m must be a finite number of metres greater than 0"
        case let .badCenter(fence, latitude, longitude):
            "fence '\(fence)': centre (\(latitude), \(longitude)) is not a WGS84 coordinate (latitude -90...90, longitude -180...180)"
        case let .badPolygon(fence, reason):
            "fence '\(fence)': \(reason)"
        case let .duplicateID(fence):
            "fence id '\(fence)' is used twice; give every fence its own id"
        }
    }
}
